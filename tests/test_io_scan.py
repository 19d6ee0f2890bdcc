"""The line helpers every reader shares (``futomip.io._scan``): ASCII digits only, and the split
of a text that format detection shares between the recognisers."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip import io
from futomip.errors import DataFormatError
from futomip.io import _scan


@given(st.text(max_size=12))
def test_digits_are_ascii_digits_only(text):
    """'²' and '٣' are digits to ``str.isdigit`` but not to the readers."""
    assert _scan.is_digits(text) == (text != "" and all(char in "0123456789" for char in text))


def _plain_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


@settings(max_examples=60)
@given(st.lists(st.text(alphabet="ab#\r\n 1", max_size=30), min_size=1, max_size=4))
def test_lines_asked_in_any_order_are_each_texts_own(texts):
    """Texts asked in turn, each twice, with a caller changing a list it got: every answer is
    that text's own lines, as a fresh split gives them."""
    for text in texts + texts[::-1]:
        lines = _scan.text_lines(text)
        assert lines == _plain_lines(text)
        lines.append("changed by a caller")
        content = _scan.content_lines(text)
        assert content == [(number, line) for number, line in enumerate(_plain_lines(text), start=1)
                           if line.strip() and not line.lstrip().startswith("#")]
        content.clear()
        assert _scan.content_lines(text, ("#", "1")) == [
            (number, line) for number, line in enumerate(_plain_lines(text), start=1)
            if line.strip() and not line.lstrip().startswith(("#", "1"))]


def test_threads_splitting_different_texts_never_get_each_others_lines():
    texts = ["\n".join(f"{k} {i}" for i in range(200)) for k in range(4)]
    wrong = []

    def work(text: str) -> None:
        for _ in range(300):
            if _scan.text_lines(text)[0] != text.split("\n")[0]:
                wrong.append(text[:3])

    threads = [threading.Thread(target=work, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_reading_a_file_keeps_nothing_of_its_text():
    """A large file is not held after it was read (nor after a read that failed)."""
    assert io.read("data/futoshiki.dat") and _scan._last[0] is None
    with pytest.raises(DataFormatError):
        io.read_text("1 2\n2 x\n", "broken.txt")
    assert _scan._last[0] is None
