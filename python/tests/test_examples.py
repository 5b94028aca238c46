"""test_examples.py - the programs of docs/python.md (python/examples) run
and print what the guide says, on small inputs."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples")


def run(name, *args):
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, ".."))
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, name),
                           *args], check=True, capture_output=True, text=True,
                          env=env, timeout=300).stdout


def test_random_agent():
    out = run("random_agent.py", "3")
    assert out.startswith("seat 0 ") and "ranks:" in out


def test_match_against_ismcts():
    out = run("match.py", "1", "20")
    assert "your agent won" in out


@pytest.mark.parametrize("mode", [[], ["--c"]])
def test_nimmt_loop(mode):
    out = run("nimmt_loop.py", "20", *mode)
    assert out.startswith("20 games") and "games/s" in out
