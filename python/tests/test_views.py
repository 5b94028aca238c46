"""test_views.py - keeps each game's "## The view (JSON)" doc section honest.

Every game's doc (docs/games/<id>.md, compiled into the binary and read here
through Game.doc) carries a table of the fields of its JSON view: path, JSON
type, when the field is present, and what it means.  This test plays a few
random games of each game at several player counts, walks every view (the
spectator's and each seat's) after every step, and fails when

- a field path appears that the table does not list (a path segment written
  `<name>` in the table stands for any key, e.g. `board.<cell>.owner`),
- a field holds a JSON type its row does not name, or
- a documented path never appears in the samples, unless its "when present"
  cell says "rare" (a field that random play seldom reaches), or
- a field documented "only in a seat's own view" (or "the seat's own view")
  appears in the spectator's view.

Paths: `a.b` is field b of object a; `a[]` an element of array a.  Arrays of
scalars (or of arrays of scalars) are documented by the array's own path
with a type such as "array of integer"; arrays of objects by their fields,
`seats[].heads`.  Objects themselves need no row: their fields have one."""
import random
import re

import pytest

import tabula

SECTION = "## The view (JSON)"
JSON_TYPES = ("object", "array", "string", "integer", "number", "boolean",
              "null")

# A "when present" cell saying the field is for its seat alone.
OWN = re.compile(r"only in (a|the) seat's own view")

# Every game: each doc has the section.
GAMES = [g.id for g in tabula.games()]


def doc_fields(doc):
    """The view table of a game's doc: {path: (types set, present text)}."""
    start = doc.find(SECTION)
    assert start >= 0, f"the doc has no '{SECTION}' section"
    body = doc[start + len(SECTION):]
    end = re.search(r"^## ", body, re.M)
    body = body[:end.start()] if end else body
    fields = {}
    for line in body.splitlines():
        m = re.match(r"\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|", line)
        if not m:
            continue
        path, types, present = m.group(1), m.group(2), m.group(3)
        words = {w for w in re.findall(r"[a-z]+", types) if w in JSON_TYPES}
        assert words, f"{path}: no JSON type in '{types.strip()}'"
        assert path not in fields, f"{path} is listed twice"
        fields[path] = (words, present.strip())
    assert fields, "the section has no table of fields"
    return fields


def type_words(v):
    """The JSON type words of a value: an array's are 'array' and those of
    its scalar or array elements (objects are walked as fields instead)."""
    if isinstance(v, bool):
        return {"boolean"}
    if isinstance(v, int):
        return {"integer"}
    if isinstance(v, float):
        return {"number"}
    if isinstance(v, str):
        return {"string"}
    if v is None:
        return {"null"}
    if isinstance(v, list):
        w = {"array"}
        for x in v:
            if not isinstance(x, dict):
                w |= type_words(x)
        return w
    return {"object"}


def walk(v, path, out):
    """Adds (path, type words) for every documented-level field under v."""
    if isinstance(v, dict):
        for k, x in v.items():
            walk(x, f"{path}.{k}" if path else k, out)
        return
    if isinstance(v, list):
        objs = [x for x in v if isinstance(x, dict)]
        if len(objs) < len(v) or not v:
            out.append((path, type_words(v)))
        for x in objs:
            walk(x, path + "[]", out)
        return
    out.append((path, type_words(v)))


def match(path, fields, cache):
    """The documented pattern that path falls under, or None."""
    if path in cache:
        return cache[path]
    found = path if path in fields else None
    if found is None:
        segs = re.split(r"\.", path)
        for pat in fields:
            psegs = re.split(r"\.", pat)
            if len(psegs) == len(segs) and all(
                    p == s or (p.startswith("<") and re.fullmatch(
                        r"<[^>]+>(\[\])*", p) and s.endswith(
                        p[p.index(">") + 1:]))
                    for p, s in zip(psegs, segs)):
                found = pat
                break
    cache[path] = found
    return found


# Options that bring fields the default game never shows: each game is also
# played with each of these settings.
VARIANTS = {
    "schotten-totten": [{"tactics": "on"}],
    "mystique-guilds": [{"open": "off"}, {"from_players": "on"}],
    "mystical-eddies": [{"scoring": "balance", "end": "target"}],
}


def player_counts(g):
    """The least, a middle and the greatest player count of a game."""
    return sorted({g.min_players, (g.min_players + g.max_players) // 2,
                   g.max_players})


def seeds(g):
    """Games to play per player count and option setting: more when the
    game has few player counts, so that every game is played about six
    times."""
    return max(2, 6 // len(player_counts(g)))


@pytest.mark.parametrize("gid", GAMES)
def test_view_fields_are_documented(gid):
    g = tabula.game(gid)
    fields = doc_fields(g.doc)
    seen, cache = set(), {}
    for players, opts, seed in [(n, o, seed) for n in player_counts(g)
                                for o in [{}] + VARIANTS.get(gid, [])
                                for seed in range(seeds(g))]:
        try:
            st = g.new_state(players, **opts)
        except tabula.TabulaError:
            continue  # a player count these options do not allow
        rng = random.Random(seed * 31 + players)
        trng = tabula.Rng(seed * 31 + players)
        step = 0
        while True:
            # The spectator and one seat in turn at each step (every
            # seat at the end): all seats at every step would only
            # repeat the same fields, slower.
            who = [tabula.SPECTATOR, step % players]
            if st.is_terminal:
                who = [tabula.SPECTATOR] + list(range(players))
            for w in who:
                out = []
                walk(st.view(w), "", out)
                for path, words in out:
                    pat = match(path, fields, cache)
                    if pat is None and words == {"array"} and any(
                            f.startswith(path + "[]") for f in fields):
                        continue  # an empty array of documented objects
                    assert pat is not None, (
                        f"{gid}: view field '{path}' is not in the doc's "
                        f"'{SECTION}' table")
                    types = fields[pat][0]
                    if "number" in types:
                        types = types | {"integer"}
                    assert words <= types, (
                        f"{gid}: '{path}' holds {sorted(words)}, the doc "
                        f"says {sorted(fields[pat][0])}")
                    assert not (w == tabula.SPECTATOR and OWN.match(
                        fields[pat][1])), (
                        f"{gid}: '{path}' is only for the seat itself, yet "
                        f"the spectator sees it")
                    seen.add(pat)
            if st.is_terminal:
                break
            step += 1
            if st.is_chance:
                # One chance step at a time: the views between two
                # chance steps are views too (a table, a record).
                st.sample_chance(trng)
                continue
            st.apply(rng.choice(st.legal_actions()))
    missing = [p for p, (_, present) in fields.items()
               if p not in seen and "rare" not in present.lower()]
    assert not missing, (f"{gid}: documented view fields never seen in "
                         f"random play (mark them 'rare' if they are): "
                         f"{missing}")


def test_the_checker_reads_patterns_and_types():
    """The table parser and matcher themselves: a dynamic key, an array of
    scalars, an array of objects, and a field left out."""
    doc = ("# x\n\n## The view (JSON)\n\n| Path | Type | Present | Meaning |\n"
           "| --- | --- | --- | --- |\n"
           "| `board.<cell>.owner` | integer | always | who |\n"
           "| `hand` | array of integer | seat only | cards |\n"
           "| `seats[].score` | integer or null | always | points |\n"
           "| `log` | array of string | sometimes (rare) | lines |\n"
           "\n## Next\n| `nope` | integer | always | not in the section |\n")
    fields = doc_fields(doc)
    assert set(fields) == {"board.<cell>.owner", "hand", "seats[].score",
                           "log"}
    out = []
    walk({"board": {"a1": {"owner": 0}, "e5": {"owner": 1}},
          "hand": [3, 4], "seats": [{"score": None}, {"score": 2}],
          "extra": 1}, "", out)
    cache = {}
    got = {p: match(p, fields, cache) for p, _ in out}
    assert got["board.a1.owner"] == got["board.e5.owner"] == \
        "board.<cell>.owner"
    assert got["hand"] == "hand" and got["seats[].score"] == "seats[].score"
    assert got["extra"] is None
    assert ("hand", {"array", "integer"}) in out
