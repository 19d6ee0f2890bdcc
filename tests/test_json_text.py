"""``--all --json`` writes each grid's JSON as it comes (``records.GridTexts``) and prints the
object with them spliced in (``records.json_text``): the text must be exactly what
``json.dumps(to_json(result))`` gives."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import futomip
from futomip.batch.records import GridTexts, json_text, to_json
from futomip.result import Result

SAMPLE = futomip.load("data/futoshiki/seeds/sample-1.txt")


def _result(grids, complete=False, message="") -> Result:
    result = Result(SAMPLE, "solved" if grids else "time_limit", grids[0] if grids else None, backend="highspy",
                    solver="highs", encoding="weighted", seconds={"total": 0.5}, message=message)
    result.solutions, result.complete = list(grids), complete
    return result


grids = st.lists(st.lists(st.lists(st.integers(min_value=-3, max_value=70), min_size=3, max_size=3)
                          .map(tuple), min_size=2, max_size=2).map(tuple), max_size=30)


@settings(max_examples=200, deadline=None)
@given(found=grids, complete=st.booleans(), message=st.text(max_size=20))
def test_spliced_text_is_the_plain_json(found, complete, message):
    """Whatever the grids (repeated rows, negative values, none at all) and the message (quotes,
    control characters), the spliced text equals the plain dump and parses to the same object."""
    texts = GridTexts()
    for grid in found:
        texts.add(grid)
    result = _result(found, complete, message)
    plain = json.dumps(to_json(result))
    assert json_text(result, texts.texts) == plain
    assert json.loads(json_text(result, texts.texts))["solutions"] == [[list(row) for row in g] for g in found]


def test_texts_that_do_not_cover_every_solution_are_not_used():
    """A list of texts shorter than the solutions (the watchdog read it between a grid and its
    text) falls back to the plain dump: no grid is lost or repeated."""
    found = [((1, 2), (2, 1)), ((2, 1), (1, 2))]
    texts = GridTexts()
    texts.add(found[0])
    result = _result(found)
    assert json_text(result, texts.texts) == json.dumps(to_json(result))
    assert json_text(result, None) == json.dumps(to_json(result))


def test_a_message_holding_the_stand_in_is_left_alone():
    """A puzzle name or message that happens to hold the stand-in's text is printed as it is."""
    from futomip.batch import records

    found = [((1, 2), (2, 1))]
    texts = GridTexts()
    texts.add(found[0])
    result = _result(found, message=records._SOLUTIONS)
    assert json_text(result, texts.texts) == json.dumps(to_json(result))
