"""tabula_agent.py - the agent side of tabula's agent protocol
(docs/protocol.md), for Python programs that play a seat in `tabula play`,
`sim`, `analyze` and `arena` through `--seats "ext:python3 AGENT.py"`.

Standard library only.  Subclass-free: call run(policy) with a function
policy(game, view, legal) -> one of the strings in legal, where game is a
dict {"id", "players", "options", "seat"} and view is the seat's view as
tabula sends it (the JSON of tb_view_json, parsed).  Agents that learn may
also pass on_round_end(game, round, view) and on_game_end(game, result,
view), called with the news tabula sends at the end of each round and of
each game (protocol 2); result is the game's result as records keep it
({"scores", "ranks", ...}).  Messages for a person go to stderr;
stdout belongs to the protocol.
"""
import json
import sys


PROTOCOLS = ("1", "2")


def run(policy, name="agent", on_round_end=None, on_game_end=None):
    """Reads the protocol from stdin and answers on stdout until "quit" or
    the end of input."""
    game = {"id": None, "players": 0, "options": {}, "seat": 0}
    view, legal, want = None, [], 0
    news, result = None, None  # an end-round or end-game awaiting its view
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        word, _, rest = line.partition(" ")
        if word == "tabula":
            if rest.strip() not in PROTOCOLS:
                print("# %s speaks protocol %s, not %s"
                      % (name, " or ".join(PROTOCOLS), rest), file=sys.stderr)
        elif word == "end-round":
            news, result = ("round", int(rest)), None
        elif word == "end-game":
            news, result = ("game", None), None
        elif word == "result":
            result = json.loads(rest)
        elif word == "view" and news:
            told = json.loads(rest)
            if news[0] == "round" and on_round_end:
                on_round_end(game, news[1], told)
            elif news[0] == "game" and on_game_end:
                on_game_end(game, result, told)
            news = None
        elif word == "game":
            game = {"id": rest, "players": 0, "options": {}, "seat": 0}
        elif word == "players":
            game["players"] = int(rest)
        elif word == "option":
            key, _, value = rest.partition(" ")
            game["options"][key] = value
        elif word == "seat":
            game["seat"] = int(rest)
        elif word == "begin":
            answer("ready")
        elif word == "decide":
            view, legal, want = None, [], 0
        elif word == "view":
            view = json.loads(rest)
        elif word == "legal":
            want = int(rest)
        elif word == "go":
            if len(legal) != want:
                print("# %s: expected %d legal actions, got %d"
                      % (name, want, len(legal)), file=sys.stderr)
            answer(policy(game, view, legal))
        elif word == "error":
            print("# %s: tabula says: %s" % (name, rest), file=sys.stderr)
        elif word == "quit":
            return
        elif want and len(legal) < want:
            legal.append(line)  # one legal action per line after "legal N"
        else:
            print("# %s: ignoring '%s'" % (name, line), file=sys.stderr)


def answer(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
