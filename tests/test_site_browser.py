"""The documentation site builds offline with ``mkdocs build --strict``, and its home page and
tutorial render in a real browser (Debian's headless Chromium): the title, no console error,
the board picture loaded, no request to another host; a screenshot of each is saved in the
test's temporary folder.

Chromium reports console messages on its log without their level, so the test adds one small
script at the top of each page's ``<head>`` (in its own copy of the site) that repeats
``console.error`` calls, uncaught errors and failed loads of pictures or scripts with a marker,
and writes, once the page has loaded, the state of every picture into an attribute that
``--dump-dom`` shows.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARK = "FUTOMIP-CONSOLE-ERROR"
PROBE = """<script>
(function () {
  var say = function (text) { console.log("%s: " + text); };
  var original = console.error;
  console.error = function () { say(Array.prototype.join.call(arguments, " ")); original.apply(console, arguments); };
  window.addEventListener("error", function (event) {
    if (event.target && event.target !== window) { say("failed to load " + (event.target.src || event.target.href)); }
    else { say("uncaught " + event.message); }
  }, true);
  window.addEventListener("load", function () {
    var shown = Array.prototype.map.call(document.images, function (image) {
      return (image.complete && image.naturalWidth > 0 ? "ok " : "broken ") + image.getAttribute("src");
    });
    document.documentElement.setAttribute("data-images", shown.join("|"));
  });
})();
</script>""" % MARK
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-logging=stderr", "--v=0",
         "--virtual-time-budget=10000", "--window-size=1280,1600"]


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed (apt-get install chromium; .ci/run does it where it can)")


def _built_after_its_sources(site: Path) -> bool:
    """Whether ``site`` was built (by .ci/run's ``mkdocs build --strict``) after the last
    change to anything it is made from: then the test opens a copy instead of building again."""
    index = site / "index.html"
    if not index.exists():
        return False
    sources = [ROOT / "mkdocs.yml", ROOT / "README.md"]
    for folder in ("docs", "futomip", "models", "data"):
        sources.extend(path for path in (ROOT / folder).rglob("*") if path.is_file())
    return index.stat().st_mtime >= max(path.stat().st_mtime for path in sources)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built offline (or .ci/run's fresh build, copied), with the probe in every page."""
    pytest.importorskip("mkdocs", reason="the site needs the docs extra: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="the site needs the docs extra: pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    if _built_after_its_sources(ROOT / "site"):
        shutil.copytree(ROOT / "site", out, dirs_exist_ok=True)
    else:
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", https_proxy="http://127.0.0.1:9",
                   http_proxy="http://127.0.0.1:9")
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                              cwd=ROOT, capture_output=True, text=True, env=env, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    for page in out.glob("*.html"):
        text = page.read_text()
        page.write_text(text.replace("<head>", "<head>" + PROBE, 1))
    return out


def _open(page: Path, tmp_path: Path, name: str) -> tuple[str, list[str], Path]:
    browser = _chromium()
    profile = tmp_path / f"profile-{name}"
    dom = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    console = [line for line in dom.stderr.splitlines() if ":CONSOLE" in line]
    picture = tmp_path / f"{name}.png"
    shot = subprocess.run([browser, *FLAGS, f"--user-data-dir={tmp_path / f'shot-{name}'}",
                           f"--screenshot={picture}", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert shot.returncode == 0 and picture.stat().st_size > 10_000, shot.stderr[-2000:]
    return dom.stdout, console, picture


def _check(dom: str, console: list[str], title: str) -> list[str]:
    assert f"<title>{title}" in dom
    errors = [line for line in console if MARK in line or "Uncaught" in line or "Failed to load" in line]
    assert errors == [], errors
    external = re.findall(r'(?:src|href)="(https?://[^"]+)"', dom)
    assert [url for url in external if "fonts.g" in url or url.endswith(".js") or url.endswith(".css")] == []
    images = re.search(r'data-images="([^"]*)"', dom)
    assert images is not None, "the page never finished loading"
    shown = images.group(1).split("|") if images.group(1) else []
    assert not [image for image in shown if image.startswith("broken")], shown
    return shown


def test_home_page_renders_with_the_board(site, tmp_path):
    """The built home page has its title, no console error, and the solved board's picture loaded."""
    dom, console, picture = _open(site / "index.html", tmp_path, "index")
    shown = _check(dom, console, "futomip")
    assert "ok pictures/futoshiki-solved.svg" in shown
    print("screenshot:", picture)


def test_tutorial_page_renders_the_executed_notebook(site, tmp_path):
    """The built tutorial page has its title, no console error, and the notebook's outputs:
    the board drawn as SVG and the solvers' lines."""
    dom, console, picture = _open(site / "tutorial.html", tmp_path, "tutorial")
    _check(dom, console, "Tutorial")
    assert dom.count("<svg") >= 4  # board, solved board, conflict, nonogram (besides icons)
    assert "highspy/highs: solved" in dom and "pulp/cbc: solved" in dom
    print("screenshot:", picture)
