"""The web board in a real browser: headless Chromium, driven by Selenium, plays every
registered variant by clicking cells and palette buttons as a person would, against the
engine, and checks the board, the engine's answers, the marks of the last turn and the move
list. Screenshots of each variant go to the folder given.

Usage: web_board.py TESSERA_BINARY SCREENSHOT_DIR [VARIANT ...]
       web_board.py TESSERA_BINARY SCREENSHOT_DIR --screenshots [VARIANT ...]
The second form only takes the pictures of the guide: board-<variant>.png (the start) and
board-<variant>-mid.png (a few turns in) of every variant.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

TIMEOUT = 30

# Variants started from a position of their own, with the cell whose piece the first turn
# moves: an Adrenaline knight on two checkers, so that the first turn is a move, steps (each
# shown in the turn so far) and, after a capture, a checker placed from the palette.
SETUPS = {
    "adrenaline": ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2 f3:2", "f3"),
    "chess960": ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", None),
}

# Variants played again with options set on the page: (label, variant, options).
WITH_OPTIONS = [
    ("chess960", "chess", {"UCI_Chess960": True}),
    ("tches-one-action", "tches", {"Strike": False}),
]


def start_server(binary):
    proc = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not m:
        proc.kill()
        raise SystemExit("serve printed no address: %r %s" % (line, proc.stderr.read()))
    return proc, m.group(1)


def browser(profile):
    opts = Options()
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--window-size=1280,900", "--user-data-dir=" + profile]:
        opts.add_argument(flag)
    opts.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def state(d):
    return d.execute_script("return window.tessera.state")


def wait(d, what, cond):
    try:
        return WebDriverWait(d, TIMEOUT, poll_frequency=0.05).until(lambda _: cond())
    except Exception:
        raise AssertionError("timed out waiting for %s; state: %s" % (
            what, json.dumps(state(d))[:2000]))


def path(action):
    out = []
    for c in action["cells"]:
        if not out or out[-1] != c:
            out.append(c)
    return out


def click_cell(d, cell):
    # The cell polygon, or the piece standing on it (both carry data-cell).
    el = d.find_element(By.CSS_SELECTOR, '#board [data-cell="%s"]' % cell)
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", el)


def click_button(d, css):
    el = d.find_element(By.CSS_SELECTOR, css)
    el.click()


def check_controls(d):
    """Every control offered for the position says what it does: a label and a tooltip."""
    for b in d.find_elements(By.CSS_SELECTOR, "#choices button, #palette button"):
        title, label = b.get_attribute("title"), b.text.strip()
        assert title and label, "a control without label or tooltip: %r %r" % (label, b.get_attribute("outerHTML"))
    s = state(d)
    # Guesses at a cloaked checker are grouped by the checker: one group per checker number.
    guesses = [a["text"] for a in s["legal"] if re.match(r"^\d+=[a-z]$", a["text"])]
    if guesses:
        groups = d.find_elements(By.CSS_SELECTOR, "#choices fieldset.guess")
        assert len(groups) == len({g.split("=")[0] for g in guesses}), (len(groups), guesses)
        shown = d.find_elements(By.CSS_SELECTOR, "#choices fieldset.guess button")
        assert sorted(b.get_attribute("data-action") for b in shown) == sorted(guesses)


def cells_named(d, text):
    """The cells a turn's text names, read with the board's own cell names (longest first,
    so that `a10` is not read as `a1`)."""
    names = d.execute_script(
        "return [...document.querySelectorAll('#board polygon.cell')].map(p => p.getAttribute('data-cell'))")
    names = sorted(set(names), key=len, reverse=True)
    out, i = set(), 0
    while i < len(text):
        hit = next((n for n in names if text.startswith(n, i)), None)
        if hit:
            out.add(hit)
            i += len(hit)
        else:
            i += 1
    return out


def marked(d):
    return set(d.execute_script(
        "return [...document.querySelectorAll('#board .last-turn [data-cell]')].map(m => m.getAttribute('data-cell'))"))


def check_last_turn_marked(d):
    """Every cell the last whole turn names (moves, steps, drops, placements, card targets)
    is marked on the board, and no other."""
    s = state(d)
    want = cells_named(d, s["turns"][-1])
    wait(d, "the cells of %s marked" % s["turns"][-1], lambda: marked(d) == want)
    return want


def move_list(d):
    return d.execute_script(
        "return [...document.querySelectorAll('#moves .mv')].map(m => [m.dataset.turn, m.textContent])")


def svg_title(d):
    return d.execute_script("return document.querySelector('#board svg title').textContent")


def check_look_back(d, base, k):
    """Clicking turn `k` of the move list shows the position after it (read-only); the arrow
    keys step through the game and End goes back to it."""
    s = state(d)
    live = s["fen"]
    earlier = json.load(urllib.request.urlopen(base + "api/position?turn=%d" % k))
    assert earlier["fen"] != live, "turn %d left the position as it was" % k
    d.find_element(By.CSS_SELECTOR, '#moves .mv[data-turn="%d"]' % k).click()
    wait(d, "the position after turn %d" % k, lambda: earlier["fen"] in svg_title(d))
    assert d.execute_script("return window.tessera.view.turn") == k
    # Read-only: a click on the board plays nothing.
    v = state(d)["version"]
    for c in (a["cells"][0] for a in s["legal"][:1] if a["cells"]):
        click_cell(d, c)
    assert state(d)["version"] == v
    body = d.find_element(By.TAG_NAME, "body")
    if k > 0:
        before = json.load(urllib.request.urlopen(base + "api/position?turn=%d" % (k - 1)))
        body.send_keys(Keys.ARROW_LEFT)
        wait(d, "one turn back", lambda: before["fen"] in svg_title(d))
        body.send_keys(Keys.ARROW_RIGHT)
        wait(d, "one turn forward", lambda: earlier["fen"] in svg_title(d))
    body.send_keys(Keys.END)
    wait(d, "the game as it stands", lambda: live in svg_title(d) and not d.execute_script(
        "return window.tessera.view"))


def enter_action(d, action):
    """Enters one action by clicks: a palette piece then a cell, a button for an action
    without cells, or the cells in order (with a finishing button where the move could go
    on or has several promotions)."""
    cells = action["cells"]
    if len(cells) == 0:
        click_button(d, '#choices button[data-action="%s"]' % action["text"])
        return
    if len(cells) == 1:
        key = action["text"].replace(cells[0], "\u00b7", 1)
        click_button(d, '#palette button[data-key="%s"]' % key)
        click_cell(d, cells[0])
        return
    for c in path(action):
        click_cell(d, c)
    # Still waiting: the move may stop here or promote; choose it by its text.
    time.sleep(0.05)
    buttons = d.find_elements(By.CSS_SELECTOR, '#choices button[data-action="%s"]' % action["text"])
    s = state(d)
    if buttons and s["last"] != action["text"]:
        buttons[0].click()


def seen_as(seen, text):
    """An action as the board lists it: the seat's view of it may add what it revealed (the
    card an add turned up, `add=QH`; the kind an uncloaked checker showed, `u1!r`; a guess
    answered right or wrong, `3=n+`)."""
    return seen == text or (seen.startswith(text) and seen[len(text)] in "=!+-")


def play_turn(d, rng, turn_no, first_from=None, shot=None):
    """Plays one whole turn of the side to move by clicking; returns its actions. The first
    action starts on `first_from` when given; `shot` is a screenshot file written once, in
    the middle of the turn."""
    s = state(d)
    side, version = s["to_move"], s["version"]
    played = []
    while True:
        s = state(d)
        if s["to_move"] != side or s["outcome"]:
            return played
        legal = s["legal"]
        assert legal, "no legal action and no outcome"
        # The first turn favours actions through the most cells (two-leg moves), then mixes.
        if first_from and not played:
            action = rng.choice([a for a in legal if a["cells"][:1] == [first_from]])
        elif turn_no == 0:
            most = max(len(path(a)) for a in legal)
            action = rng.choice([a for a in legal if len(path(a)) == most])
        else:
            action = rng.choice(legal)
        check_controls(d)
        v = s["version"]
        enter_action(d, action)
        wait(d, "action %s to be played" % action["text"], lambda: state(d)["version"] > v)
        s = state(d)
        # A game with hidden parts keeps its record (every card in it) for the end.
        if s["seat"] is None:
            assert action["text"] in s["record"], "record lacks %s: %s" % (action["text"], s["record"])
        played.append(action["text"])
        # In a solitaire every action is a turn, and there is no turn so far to show.
        if s["players"] == 1:
            assert not s["turn"], s["turn"]
            assert seen_as(s["turns"][-1], action["text"]), (s["turns"], action["text"])
            return played
        # Inside a turn of several actions the engine cannot have moved: the turn so far is
        # shown. Otherwise the turn is over (and the engine may already have answered).
        if s["turn"] and seen_as(s["turn"][-1], action["text"]) and s["to_move"] == side:
            shown = d.execute_script("return document.getElementById('turn').textContent")
            assert s["turn"][-1] in shown, "turn so far %r lacks %s" % (shown, s["turn"][-1])
            if shot:
                check_board(d)
                d.save_screenshot(shot)
                shot = None
        else:
            return played


def check_board(d):
    """The drawn board is the position the page holds (its SVG title carries the FEN)."""
    def drawn():
        s = state(d)
        title = d.execute_script("return document.querySelector('#board svg title').textContent")
        return s["fen"] in title and d.execute_script(
            "return document.querySelectorAll('#board polygon.cell').length > 0")

    wait(d, "the board to show the position", drawn)


def set_options(d, options):
    """Sets options in the page's option box and starts a new game with them."""
    d.execute_script("document.getElementById('options-box').open = true")
    for k, v in options.items():
        el = d.find_element(By.CSS_SELECTOR, '#options [data-option="%s"]' % k)
        if el.get_attribute("type") == "checkbox":
            if el.is_selected() != v:
                el.click()
        else:
            el.clear()
            el.send_keys(str(v))
    click_button(d, "#new")
    want = {k: str(v).lower() for k, v in options.items()}
    def options_set():
        have = {k.lower(): str(v).lower() for k, v in state(d)["options"].items()}
        # An option left at its default is not listed.
        return all(have.get(k.lower(), v if v == "false" else None) == v for k, v in want.items())

    wait(d, "options %s" % want, options_set)


def play_variant(d, base, name, shots, rng, label=None, options=None):
    if state(d)["analysis"]["on"]:
        click_button(d, "#analyse")
        wait(d, "analysis off", lambda: not state(d)["analysis"]["on"])
    choose_variant(d, name)
    label = label or name
    if options:
        set_options(d, options)
    fen, first_from = SETUPS.get(label, ("", None))
    if fen:
        d.find_element(By.ID, "fen").send_keys(fen)
        click_button(d, "#new")
        wait(d, "the FEN of %s" % name, lambda: state(d)["fen"].split(" ")[0] == fen.split(" ")[0])
    if state(d)["players"] == 1:
        return play_solitaire(d, name, shots, rng)
    # The engine plays the side that does not move first.
    first = state(d)["to_move"]
    engine = "black" if first == "white" else "white"
    if state(d)["hidden"]:
        check_seats(d, first)
    Select(d.find_element(By.ID, "engine-side")).select_by_value(engine)
    wait(d, "engine side", lambda: state(d)["engine"]["side"] == engine)
    if state(d)["hidden"]:
        # Against the engine the board shows the person's view, and nothing else can be chosen.
        s = state(d)
        assert s["seat"] == first, s["seat"]
        assert s["fen"].startswith("view "), s["fen"]
        assert d.execute_script("return document.getElementById('seat').disabled")
        assert "names every card" in s["record"], s["record"]
    # Every setting is a change on the server: wait for its new state before clicking on.
    v = state(d)["version"]
    d.execute_script("document.getElementById('movetime').value = 200;"
                     "document.getElementById('movetime').dispatchEvent(new Event('change'))")
    wait(d, "movetime", lambda: state(d)["version"] > v and state(d)["engine"]["movetime_ms"] == 200)
    turns = 0
    for t in range(2):
        s = state(d)
        if s["outcome"]:
            break
        n = len(s["turns"])
        assert len(move_list(d)) == n, (move_list(d), s["turns"])
        os.makedirs(shots, exist_ok=True)
        mid = os.path.join(shots, "board-%s-turn.png" % label) if first_from and t == 0 else None
        mine = play_turn(d, rng, t, first_from if t == 0 else None, mid)
        if first_from and t == 0:
            assert len(mine) > 1, "a turn of one action from %s: %s" % (first_from, mine)
        turns += 1
        check_board(d)
        wait(d, "the engine's answer", lambda: state(d)["outcome"] or (
            len(state(d)["turns"]) >= n + 2 and not state(d)["engine"]["thinking"]))
        s = state(d)
        if len(s["turns"]) >= n + 2:
            seen = s["turns"][n].split(",")
            assert len(seen) == len(mine) and all(map(seen_as, seen, mine)), (s["turns"], mine)
            assert s["to_move"] == first or s["outcome"], "engine left its turn unfinished"
            check_board(d)
            # The engine's whole turn is marked, the move list has both turns, and the
            # position after the person's turn can be looked at again.
            cells = check_last_turn_marked(d)
            wait(d, "the move list", lambda: [m[1] for m in move_list(d)] == [
                m["text"] for m in state(d)["moves"]])
            assert len(move_list(d)) == n + 2, move_list(d)
            check_look_back(d, base, n + 1)
            print("%s: engine's turn %s marks %s" % (label, s["turns"][n + 1], " ".join(sorted(cells))))
            print("%s: played %s, engine answered %s" % (label, ",".join(mine), s["turns"][n + 1]))
    # Take back a turn: back to the person's move with the engine's answer gone too.
    before = len(state(d)["turns"])
    if before >= 2 and not state(d)["engine"]["thinking"]:
        click_button(d, "#undo")
        wait(d, "take back", lambda: len(state(d)["turns"]) < before)
        assert state(d)["to_move"] == first
    # Analysis: start, see a line and a score, stop.
    Select(d.find_element(By.ID, "engine-side")).select_by_value("none")
    wait(d, "engine off", lambda: state(d)["engine"]["side"] is None)
    if not state(d)["outcome"]:
        click_button(d, "#analyse")
        first_line = "var l = document.querySelector('#lines .line'); return l && l.textContent"
        line = wait(d, "analysis lines", lambda: d.execute_script(first_line))
        assert re.match(r"1\. d\d+ ([+-]\d+\.\d\d|#-?\d+) ", line), line
        time.sleep(0.3)
        os.makedirs(shots, exist_ok=True)
        d.save_screenshot(os.path.join(shots, "board-%s.png" % label))
        click_button(d, "#analyse")
        wait(d, "analysis off", lambda: not state(d)["analysis"]["on"])
    else:
        d.save_screenshot(os.path.join(shots, "board-%s.png" % label))
    record = d.find_element(By.ID, "record").get_attribute("value")
    assert ("[Variant \"%s\"]" % name) in record, record
    return turns


def choose_variant(d, name):
    """Choosing a variant loads it at once, and a FEN typed for another is cleared."""
    if Select(d.find_element(By.ID, "variant")).first_selected_option.get_attribute("value") == name:
        other = next(o.get_attribute("value") for o in Select(d.find_element(By.ID, "variant")).options
                     if o.get_attribute("value") != name)
        v = state(d)["version"]
        Select(d.find_element(By.ID, "variant")).select_by_value(other)
        wait(d, "variant %s" % other, lambda: state(d)["variant"] == other and state(d)["version"] > v)
    d.find_element(By.ID, "fen").clear()
    d.find_element(By.ID, "fen").send_keys("a stale FEN")
    v = state(d)["version"]
    Select(d.find_element(By.ID, "variant")).select_by_value(name)
    wait(d, "variant %s" % name, lambda: state(d)["variant"] == name and state(d)["version"] > v
         and not state(d)["can_undo"])
    assert d.find_element(By.ID, "fen").get_attribute("value") == ""
    rules = d.find_element(By.ID, "rules").text
    assert "docs/variants/%s.md" % name in rules, rules


def check_seats(d, first):
    """A game with hidden parts: chance has dealt (no card to click), the board shows
    everything until a view is chosen, and each side's view hides the other's cards."""
    s = state(d)
    assert s["seat"] is None and not s["fen"].startswith("view "), s
    assert d.find_element(By.ID, "seat-box").is_displayed()
    assert s["legal"], "nothing to play after the deal"
    full = s["svg"]
    for seat in ["black", "white", "all"]:
        v = state(d)["version"]
        Select(d.find_element(By.ID, "seat")).select_by_value(seat)
        wait(d, "seat %s" % seat, lambda: state(d)["version"] > v)
        s = state(d)
        if seat == "all":
            assert s["seat"] is None and s["svg"] == full
            continue
        assert s["seat"] == seat and s["fen"].startswith("view "), s["fen"]
        assert s["svg"] != full
        # The other side's view has nothing to play on this side's turn.
        assert bool(s["legal"]) == (seat == first), (seat, first, len(s["legal"]))
        check_board(d)
        d.save_screenshot(os.path.join(shots_dir(), "board-%s-%s-view.png" % (s["variant"], seat)))


SHOTS = []


def shots_dir():
    os.makedirs(SHOTS[0], exist_ok=True)
    return SHOTS[0]


def set_movetime(d, ms):
    v = state(d)["version"]
    d.execute_script("document.getElementById('movetime').value = %d;"
                     "document.getElementById('movetime').dispatchEvent(new Event('change'))" % ms)
    wait(d, "movetime", lambda: state(d)["version"] > v and state(d)["engine"]["movetime_ms"] == ms)


def analyse_and_shoot(d, name, shots):
    """Runs the analysis until a line with a score shows, saves a screenshot, stops."""
    os.makedirs(shots, exist_ok=True)
    if state(d)["outcome"]:
        d.save_screenshot(os.path.join(shots, "board-%s.png" % name))
        return
    click_button(d, "#analyse")
    first_line = "var l = document.querySelector('#lines .line'); return l && l.textContent"
    line = wait(d, "analysis lines", lambda: d.execute_script(first_line))
    # A solitaire's score is points.
    assert re.match(r"1\. d\d+ -?\d+ points? ", line), line
    time.sleep(0.3)
    d.save_screenshot(os.path.join(shots, "board-%s.png" % name))
    click_button(d, "#analyse")
    wait(d, "analysis off", lambda: not state(d)["analysis"]["on"])


def play_solitaire(d, name, shots, rng):
    """A one-player game: the person plays actions by clicking (each a turn of its own), the
    engine cannot take the other side, and Move now lets it play on for the person."""
    assert d.execute_script(
        "return document.querySelector('#engine-side option[value=black]').disabled")
    # The player's view: the order of the face-down cards is not shown.
    s = state(d)
    assert s["seat"] == "white" and s["fen"].startswith("view "), s["fen"]
    assert "names every card" in s["record"], s["record"]
    set_movetime(d, 100)
    for t in range(2):
        if state(d)["outcome"]:
            break
        n = len(state(d)["turns"])
        play_turn(d, rng, t)
        check_board(d)
        assert len(state(d)["turns"]) == n + 1, state(d)["turns"]
    # Take back one action, then the engine plays on from there.
    n = len(state(d)["turns"])
    if n:
        click_button(d, "#undo")
        wait(d, "take back", lambda: len(state(d)["turns"]) == n - 1)
    check_board(d)
    analyse_and_shoot(d, name, shots)
    if not state(d)["outcome"]:
        n = len(state(d)["turns"])
        click_button(d, "#move-now")
        wait(d, "the engine's action", lambda: state(d)["outcome"] or (
            len(state(d)["turns"]) > n and not state(d)["engine"]["thinking"]))
        # One action, and the engine takes no side for good.
        time.sleep(0.3)
        s = state(d)
        assert len(s["turns"]) == n + 1 and s["engine"]["side"] is None, (s["turns"], s["engine"])
        check_last_turn_marked(d)
        print("%s: played by clicking, engine played %s" % (name, state(d)["turns"][n]))
    check_board(d)
    record = d.find_element(By.ID, "record").get_attribute("value")
    assert ("[Variant \"%s\"]" % name) in record, record
    return 2


def fen_setup(d):
    """Sets up a FEN, and a bad FEN is refused with a message, the game unchanged."""
    Select(d.find_element(By.ID, "variant")).select_by_value("chess")
    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    d.find_element(By.ID, "fen").clear()
    d.find_element(By.ID, "fen").send_keys(fen)
    click_button(d, "#new")
    wait(d, "FEN set", lambda: state(d)["fen"] == fen)
    v = state(d)["version"]
    d.find_element(By.ID, "fen").clear()
    d.find_element(By.ID, "fen").send_keys("not a fen")
    click_button(d, "#new")
    wait(d, "error shown", lambda: d.find_element(By.ID, "error").text)
    assert state(d)["fen"] == fen and state(d)["version"] == v
    # Mate in one by clicks: a1 to a8.
    click_cell(d, "a1")
    click_cell(d, "a8")
    wait(d, "mate", lambda: state(d)["outcome"])
    assert "checkmate" in state(d)["outcome"], state(d)["outcome"]
    # The words under the board name the winner, not a side to move.
    panel = d.execute_script("return document.querySelector('#board .panel').textContent")
    assert "white wins by checkmate" in panel and "to move" not in panel, panel
    # The board turns around, and back.
    for want in [True, False]:
        click_button(d, "#flip")
        wait(d, "the board turned", lambda: state(d)["flip"] == want)
    d.find_element(By.ID, "fen").clear()


def token_board(d, binary):
    """A board that asks for its token: the page opened from the printed address keeps it
    (a cookie) for its own requests and for its event stream."""
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--require-token"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+/)\?token=(\w+)", line)
        assert m, "no token in %r" % line
        base, token = m.group(1), m.group(2)
        try:
            urllib.request.urlopen(base + "api/state")
            raise AssertionError("the state was served without the token")
        except urllib.error.HTTPError as e:
            assert e.code == 403, e.code
        d.get(base + "?token=" + token)
        wait(d, "page", lambda: d.execute_script("return !!(window.tessera && window.tessera.state)"))
        click_cell(d, "e2")
        click_cell(d, "e4")
        wait(d, "e2e4 played", lambda: state(d)["turns"] == ["e2e4"])
        # A move made elsewhere reaches the page through its event stream.
        req = urllib.request.Request(base + "api/play", data=b'{"action":"e7e5"}', headers={
            "Content-Type": "application/json", "X-Tessera-Token": token})
        urllib.request.urlopen(req)
        wait(d, "e7e5 seen", lambda: state(d)["turns"] == ["e2e4", "e7e5"])
    finally:
        proc.kill()
        proc.wait()


def shoot_variant(d, name, shots, rng):
    """The guide's pictures of a variant: its start, and a few turns in against the engine
    (the engine's last turn marked)."""
    if state(d)["analysis"]["on"]:
        click_button(d, "#analyse")
        wait(d, "analysis off", lambda: not state(d)["analysis"]["on"])
    Select(d.find_element(By.ID, "engine-side")).select_by_value("none")
    wait(d, "engine off", lambda: state(d)["engine"]["side"] is None)
    choose_variant(d, name)
    os.makedirs(shots, exist_ok=True)
    check_board(d)
    d.save_screenshot(os.path.join(shots, "board-%s.png" % name))
    s = state(d)
    if s["players"] == 1:
        for t in range(4):
            if state(d)["outcome"]:
                break
            play_turn(d, rng, t)
    else:
        first = s["to_move"]
        engine = "black" if first == "white" else "white"
        Select(d.find_element(By.ID, "engine-side")).select_by_value(engine)
        wait(d, "engine side", lambda: state(d)["engine"]["side"] == engine)
        set_movetime(d, 300)
        for t in range(3):
            n = len(state(d)["turns"])
            if state(d)["outcome"]:
                break
            play_turn(d, rng, t)
            wait(d, "the engine's answer", lambda: state(d)["outcome"] or (
                len(state(d)["turns"]) >= n + 2 and not state(d)["engine"]["thinking"]))
    check_board(d)
    time.sleep(0.3)
    d.save_screenshot(os.path.join(shots, "board-%s-mid.png" % name))
    Select(d.find_element(By.ID, "engine-side")).select_by_value("none")
    wait(d, "engine off", lambda: state(d)["engine"]["side"] is None)
    print("%s: pictures taken" % name)


def main():
    binary, shots = sys.argv[1], sys.argv[2]
    SHOTS.append(shots)
    only = sys.argv[3:]
    pictures = "--screenshots" in only
    only = [v for v in only if v != "--screenshots"]
    proc, base = start_server(binary)
    profile = tempfile.mkdtemp(prefix="tessera-chromium-")
    d = browser(profile)
    rng = random.Random(7)
    failures = []
    try:
        d.get(base)
        wait(d, "page", lambda: d.execute_script("return !!(window.tessera && window.tessera.state)"))
        variants = [v["name"] for v in json.load(urllib.request.urlopen(base + "api/variants"))]
        for name in variants:
            if only and name not in only:
                continue
            try:
                if pictures:
                    shoot_variant(d, name, shots, rng)
                else:
                    play_variant(d, base, name, shots, rng)
            except Exception as e:  # report every variant, then fail
                failures.append("%s: %s" % (name, e))
        for label, name, options in WITH_OPTIONS:
            if pictures or (only and label not in only):
                continue
            try:
                play_variant(d, base, name, shots, rng, label, options)
            except Exception as e:
                failures.append("%s: %s" % (label, e))
        if not only and not pictures:
            fen_setup(d)
            token_board(d, binary)
    finally:
        d.quit()
        proc.kill()
        shutil.rmtree(profile, ignore_errors=True)
    if failures:
        raise SystemExit("\n".join(failures))
    print("all variants played: %s" % ", ".join(variants))


if __name__ == "__main__":
    main()
