#!/usr/bin/python3
"""Drives the web remote in real Chromium (headless, through Debian's chromedriver): pairs two
browsers, checks the wallet shows covers, plays a disc by tapping it, watches the LCD run,
pauses and presses next in one browser and sees the other follow, taps a track, changes the volume and
mutes in one and sees the other follow, sets a sleep timer and sees it counted down; checks
every control is a 44 px target and nothing sticks out at 390 and 320 px; adds and removes in
the Library without losing the row; invites a third browser as a guest and revokes it. Saves
screenshots at a phone's and a laptop's size. Run by Tests/CLITests/WebRemoteTests.swift against a real
`cdwally serve --web`; exits non-zero with one line on what did not happen."""
import argparse
import re
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def browser(width, height, profile):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1",
                 "--hide-scrollbars", f"--user-data-dir={profile}", "--force-color-profile=srgb"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    resize(driver, width, height)
    return driver


def wait(what, condition, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # the page may be mid-render; ask again
            pass
        time.sleep(0.1)
    raise SystemExit(f"web_remote.py: timed out waiting for {what}")


def pair(driver, url, code):
    driver.get(url)
    wait("the pairing form", lambda: driver.find_element(By.ID, "pair-code").is_displayed())
    driver.find_element(By.ID, "pair-code").send_keys(code)
    driver.find_element(By.CSS_SELECTOR, "#pair-form button").click()
    wait("the wallet after pairing", lambda: len(driver.find_elements(By.CSS_SELECTOR, ".disc")) >= 3)


def fits(driver, view):
    """Nothing sticks out sideways: the page is usable without scrolling it left and right."""
    width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        raise SystemExit(f"web_remote.py: the {view} is {width[0]} px wide in a {width[1]} px window")


def lcd(driver):
    return driver.find_element(By.ID, "lcd-main").text


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def resize(driver, width, height):
    """Makes the page itself WIDTH×HEIGHT (headless windows count their frame in the size)."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    # The window answers before the page has laid itself out at the new size: a click sent
    # then may land where a button was (a lost disc step, seen once on Debian 13). Wait for
    # the page's own size and two frames drawn at it.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if driver.execute_script("return [window.innerWidth, window.innerHeight]") == [width, height]:
            break
        time.sleep(0.05)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
        # A page that draws no frames (hidden) answers anyway.
        "setTimeout(() => done(false), 500);")


def targets(driver, view):
    """Every control a finger may need is at least 44 px each way."""
    small = driver.execute_script(
        "return [...document.querySelectorAll('#player button, #player input')]"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => [e.getAttribute('aria-label') || e.textContent.trim() || e.id, e.getBoundingClientRect()])"
        ".filter(([, r]) => r.width < 44 || r.height < 44)"
        ".map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)")
    if small:
        raise SystemExit(f"web_remote.py: controls under 44 px on the {view}: {', '.join(small)}")


def album_line(driver, view):
    """The Player's album line is a line of text: the Library's row style does not reach it."""
    display, border = driver.execute_script(
        "const style = getComputedStyle(document.getElementById('album'));"
        "return [style.display, style.borderTopWidth]")
    if display != "block" or border != "0px":
        raise SystemExit(f"web_remote.py: the album line on the {view} is a box ({display}, border {border})")


def tabs_whole(driver, view):
    """Every tab of the bar is whole in the window."""
    cut = driver.execute_script(
        "return [...document.querySelectorAll('nav a')].filter(a => { const r = a.getBoundingClientRect();"
        " return r.left < 0 || r.right > window.innerWidth; }).map(a => a.textContent)")
    if cut:
        raise SystemExit(f"web_remote.py: the tab bar cuts {', '.join(cut)} off at {view}")


def undo_whole(driver, view):
    """The toast's Undo button is whole: inside the toast, its label not cut."""
    cut = driver.execute_script(
        "const toast = document.getElementById('undo').getBoundingClientRect();"
        "const button = document.getElementById('undo-button'); const r = button.getBoundingClientRect();"
        "return r.right > toast.right || r.right > window.innerWidth || button.scrollWidth > button.clientWidth")
    if cut:
        raise SystemExit(f"web_remote.py: the Undo button is clipped at {view}")


def row_named(driver, name):
    return next(row for row in albums(driver) if name in row.text)


def keeps_place(phone):
    """Remove and Add on a row far down change it where it stands: the list is not loaded again
    from row 1 (its first row stays the same element) and the scroll stays."""
    resize(phone, 390, 360)
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", row_named(phone, "Library Only"))
    top = phone.execute_script("window.firstRow = document.querySelector('#albums .album'); return window.scrollY")
    if top < 100:
        raise SystemExit(f"web_remote.py: the library scrolled only {top} px; the test needs more rows")
    for action, then in (("remove", "add"), ("add", "remove")):
        row_named(phone, "Library Only").find_element(By.CSS_SELECTOR, f"button[data-action={action}]").click()
        wait(f"the row to offer {then.title()}", lambda: row_named(phone, "Library Only").find_elements(
            By.CSS_SELECTOR, f"button[data-action={then}]"))
        time.sleep(0.3)
        now, same = phone.execute_script(
            "return [window.scrollY, window.firstRow === document.querySelector('#albums .album')]")
        if not same or abs(now - top) > 2:
            raise SystemExit(f"web_remote.py: after {action} the library was reloaded"
                             f" (scroll {top} → {now} px, first row kept: {same})")
    resize(phone, 390, 844)


def albums(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#albums .album")


def library(phone, laptop, screenshots):
    """The Library: search, Add with Undo, Play, Remove; the other browser's wallet follows."""
    discs = len(laptop.find_elements(By.CSS_SELECTOR, ".disc"))
    phone.get(phone.current_url.split("#")[0] + "#library")
    wait("the library's albums", lambda: len(albums(phone)) >= discs + 1)
    fits(phone, "library at 390 px")
    box = phone.find_element(By.ID, "library-query")
    box.send_keys("library only")
    wait("the search's one album", lambda: len(albums(phone)) == 1 and "1 album" in text(phone, "library-count"))
    row = albums(phone)[0]
    if "Library Only" not in row.text:
        raise SystemExit("web_remote.py: the search found " + row.text)
    row.find_element(By.CSS_SELECTOR, "button[data-action=add]").click()
    wait("the undo bar", lambda: phone.find_element(By.ID, "undo").is_displayed())
    undo_whole(phone, "390 px")
    tabs_whole(phone, "390 px")
    wait("the album marked as a disc", lambda: "Disc " in albums(phone)[0].text)
    wait("the other browser's wallet to grow", lambda: len(laptop.find_elements(By.CSS_SELECTOR, ".disc")) == discs + 1)
    phone.save_screenshot(screenshots + "/library-phone.png")
    phone.find_element(By.ID, "undo-button").click()
    wait("the undone add", lambda: albums(phone)[0].find_elements(By.CSS_SELECTOR, "button[data-action=add]"))
    wait("the other browser's wallet to shrink", lambda: len(laptop.find_elements(By.CSS_SELECTOR, ".disc")) == discs)
    albums(phone)[0].find_element(By.CSS_SELECTOR, "button[data-action=play]").click()
    wait("the player playing the library's album", lambda: "Library Only" in text(laptop, "album")
         or "Library Only" in text(phone, "album"))
    wait("the played album in the wallet", lambda: len(laptop.find_elements(By.CSS_SELECTOR, ".disc")) == discs + 1)
    phone.get(phone.current_url.split("#")[0] + "#library")
    phone.execute_script(
        "const box = document.getElementById('library-query'); box.value = '';"
        "box.dispatchEvent(new Event('input'));")
    wait("the whole library again", lambda: len(albums(phone)) >= discs + 1)
    keeps_place(phone)
    resize(phone, 768, 1024)
    phone.save_screenshot(screenshots + "/library-tablet.png")
    resize(phone, 320, 640)
    fits(phone, "library at 320 px")
    tabs_whole(phone, "320 px")
    resize(phone, 390, 844)
    box = phone.find_element(By.ID, "library-query")
    box.clear()
    box.send_keys("library only")
    wait("the search's one album", lambda: len(albums(phone)) == 1)
    wait("its Remove button", lambda: albums(phone)[0].find_elements(By.CSS_SELECTOR, "button[data-action=remove]"))
    albums(phone)[0].find_element(By.CSS_SELECTOR, "button[data-action=remove]").click()
    wait("the other browser's wallet without it", lambda: len(laptop.find_elements(By.CSS_SELECTOR, ".disc")) == discs)


def status_of(driver, path, body):
    """The status of a POST the page itself sends (its cookie, its Origin)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {method: 'POST', headers: {'Content-Type': 'application/json'}, body: arguments[1]})"
        ".then(r => done(r.status), e => done(String(e)))", path, body)


def guests(phone, url, profiles, screenshots):
    """A browser paired from the box invites a guest (code, link, QR code); the link's page pairs
    only when Pair is tapped; the guest steers and may not invite or revoke; the box's browser
    revokes it from its list."""
    resize(phone, 390, 844)
    phone.get(url + "#doctor")
    wait("the Invite button", lambda: phone.find_element(By.ID, "invite-button").is_displayed())
    phone.find_element(By.ID, "invite-button").click()
    wait("the invitation", lambda: phone.find_element(By.ID, "invite").is_displayed() and text(phone, "invite-code"))
    code = text(phone, "invite-code")
    link = phone.find_element(By.ID, "invite-link").get_attribute("href")
    if link != f"{url}pair?code={code}":
        raise SystemExit(f"web_remote.py: the invitation's link is {link} for {url} and {code}")
    wait("the QR code", lambda: phone.execute_script(
        "const image = document.getElementById('invite-qr'); return image.complete && image.naturalWidth > 0"))
    fits(phone, "invitation at 390 px")
    phone.save_screenshot(screenshots + "/invite-phone.png")
    guest = browser(390, 844, profiles + "/guest")
    try:
        guest.get(link)
        wait("the invitation's pairing form", lambda: guest.find_element(By.ID, "pair-invited").is_displayed()
             and guest.find_element(By.ID, "pair-code").get_attribute("value") == code)
        # Opening the link paired nothing: the box's list has no guest yet.
        phone.refresh()
        wait("the list of paired browsers", lambda: phone.find_elements(By.CSS_SELECTOR, "#browser-list li"))
        if phone.find_elements(By.CSS_SELECTOR, '#browser-list li[data-name^="guest-"]'):
            raise SystemExit("web_remote.py: opening the invitation's link paired a browser")
        guest.find_element(By.CSS_SELECTOR, "#pair-form button").click()
        wait("the guest's wallet", lambda: len(guest.find_elements(By.CSS_SELECTOR, ".disc")) >= 3)
        if "code=" in guest.current_url:
            raise SystemExit("web_remote.py: the used code stays in the address: " + guest.current_url)
        guest.get(url + "#player")
        wait("the guest's player", lambda: lcd(guest).startswith("DISC "))
        before = text(guest, "lcd-state")
        guest.find_element(By.CSS_SELECTOR, "button[data-command=toggle]").click()
        wait("the guest's play or pause", lambda: text(guest, "lcd-state") not in (before, ""))
        guest.get(url + "#doctor")
        wait("the guest's note", lambda: guest.find_element(By.ID, "browsers-guest").is_displayed())
        if guest.find_element(By.ID, "invite-button").is_displayed():
            raise SystemExit("web_remote.py: a guest is offered Invite")
        for path, body in (("/api/v1/invites", "{}"), ("/api/v1/browsers/revoke", '{"name": "browser-1"}')):
            status = status_of(guest, path, body)
            if status != 403:
                raise SystemExit(f"web_remote.py: a guest's POST {path} answered {status}, not 403")
        phone.refresh()
        wait("the guest in the list", lambda: phone.find_elements(By.CSS_SELECTOR, '#browser-list li[data-name^="guest-"]'))
        phone.find_element(By.CSS_SELECTOR, '#browser-list li[data-name^="guest-"] button[data-action=revoke]').click()
        wait("the guest to leave the list", lambda: phone.find_elements(By.CSS_SELECTOR, "#browser-list li")
             and not phone.find_elements(By.CSS_SELECTOR, '#browser-list li[data-name^="guest-"]'))
        # Its open page learns it within a heartbeat (its live link closes) and asks to pair.
        wait("the revoked guest's page to ask to pair", lambda: guest.find_element(By.ID, "pair").is_displayed(),
             timeout=12)
        guest.get(url)
        wait("the revoked guest asked to pair again", lambda: guest.find_element(By.ID, "pair").is_displayed())
    finally:
        guest.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--codes", required=True, help="two pairing codes, comma-separated")
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    first_code, second_code = arguments.codes.split(",")

    with tempfile.TemporaryDirectory() as profiles:
        phone = browser(390, 844, profiles + "/phone")
        laptop = browser(1280, 800, profiles + "/laptop")
        try:
            pair(phone, arguments.url, first_code)
            wait("the wallet's twelve discs", lambda: len(phone.find_elements(By.CSS_SELECTOR, ".discs li")) == 12)
            # Covers load as they come into view (loading="lazy"): those on the first screen.
            covers = wait("the covers in view to load", lambda: phone.execute_script(
                "const shown = [...document.querySelectorAll('.disc img')].filter(i => {"
                " const r = i.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; });"
                "return shown.length >= 4 && shown.every(i => i.complete && i.naturalWidth > 0)"))
            assert covers
            fits(phone, "wallet")
            # A phone shows at least four of the twelve discs on its first screen, whole.
            seen = phone.execute_script(
                "const discs = [...document.querySelectorAll('.discs li')].map(d => d.getBoundingClientRect());"
                "return discs.filter(r => r.left >= 0 && r.right <= window.innerWidth"
                " && r.top >= 0 && r.bottom <= window.innerHeight).length;")
            if seen < 4:
                raise SystemExit(f"web_remote.py: a 390x844 phone shows {seen} of 12 discs on its first screen")
            phone.save_screenshot(arguments.screenshots + "/wallet-phone.png")

            # The second browser pairs before the disc plays: the demo's disc 2 lasts 12 s, and
            # under load a pairing takes seconds. Paired after the tap, it once showed disc 2
            # only near its end: `next` on its last track went to disc 3, whose own track 2
            # passed for the one asked for, and the pause, the tapped track and `disc next`
            # all landed a disc further on (the 1 s discs then played out to disc 12).
            pair(laptop, arguments.url, second_code)

            phone.find_elements(By.CSS_SELECTOR, ".disc")[1].click()
            wait("the player to show disc 2", lambda: lcd(phone).startswith("DISC 02  TRACK 01"))
            start = lcd(phone)
            wait("the LCD clock to move", lambda: lcd(phone) != start)
            wait("the track list to mark the current track",
                 lambda: phone.find_elements(By.CSS_SELECTOR, "#tracks .track.current"))

            wait("the second browser's wallet to mark disc 2",
                 lambda: laptop.find_elements(By.CSS_SELECTOR, '.disc.current[data-position="2"]'))
            laptop.save_screenshot(arguments.screenshots + "/wallet-wide.png")
            laptop.execute_script("location.hash = '#player'")
            wait("the second browser to show disc 2", lambda: lcd(laptop).startswith("DISC 02"))

            # Paused first, so that nothing moves on by itself while the pages catch up: the
            # demo's tracks last 3.6 s, and a pause, a step or a page's wait can take longer under
            # load. Paused, `next` and a tapped track stay paused.
            phone.find_element(By.CSS_SELECTOR, "button[data-command=toggle]").click()
            wait("the pause to reach the second browser",
                 lambda: laptop.find_element(By.ID, "lcd-state").text == "PAUSE")
            wait("the pause on the first browser", lambda: text(phone, "lcd-state") == "PAUSE")
            if not lcd(phone).startswith("DISC 02  TRACK 01/"):
                phone.find_element(By.CSS_SELECTOR, '#tracks .track[data-index="1"]').click()
                wait("track 1, paused", lambda: lcd(phone).startswith("DISC 02  TRACK 01/"))
            phone.find_element(By.CSS_SELECTOR, "button[data-command=next]").click()
            wait("the second browser to follow to track 2", lambda: lcd(laptop).startswith("DISC 02  TRACK 02/"))
            wait("the first browser to show track 2", lambda: lcd(phone).startswith("DISC 02  TRACK 02/"))
            wait("the pause kept on the second browser", lambda: text(laptop, "lcd-state") == "PAUSE")
            # A dropped link is shown (the LCD dims), and the page reconnects by itself.
            phone.execute_script("socket.close()")
            wait("the lost link to show", lambda: phone.find_element(By.ID, "link").is_displayed(), timeout=5)
            wait("the page to reconnect", lambda: not phone.find_element(By.ID, "link").is_displayed()
                 and "stale" not in phone.find_element(By.ID, "lcd").get_attribute("class"))
            fits(phone, "player")
            targets(phone, "player")

            # A tapped track is the player's, in both browsers, and the one marked; paused, the
            # player stays paused there (as next and previous do), so the 4 s tracks hold still.
            phone.find_element(By.CSS_SELECTOR, '#tracks .track[data-index="3"]').click()
            wait("the tapped track", lambda: "TRACK 03/" in lcd(phone) and text(phone, "lcd-state") == "PAUSE")
            wait("the second browser to follow to track 3", lambda: "TRACK 03/" in lcd(laptop))
            wait("track 3 to be marked", lambda: laptop.find_element(
                By.CSS_SELECTOR, "#tracks .track.current").get_attribute("data-index") == "3")

            # Volume and mute from one browser show in the other.
            level = int(text(phone, "volume-level"))
            laptop.find_element(By.CSS_SELECTOR, 'button[data-volume="-5"]').click()
            wait("the volume step to reach the phone", lambda: text(phone, "volume-level") == str(level - 5))
            phone.find_element(By.ID, "mute").click()
            wait("the mute to reach the laptop", lambda: text(laptop, "volume-level") == "muted"
                 and laptop.find_element(By.ID, "mute").get_attribute("aria-pressed") == "true")
            laptop.find_element(By.ID, "mute").click()
            wait("the unmute to reach the phone", lambda: text(phone, "volume-level") == str(level - 5))

            # A sleep timer set in one browser is counted down in the other.
            phone.find_element(By.CSS_SELECTOR, 'button[data-sleep="end-of-disc"]').click()
            wait("end of disc on the laptop", lambda: text(laptop, "sleep-left") == "Stops at the end of the disc")
            laptop.find_element(By.CSS_SELECTOR, 'button[data-sleep="30m"]').click()
            wait("the timer on the phone", lambda: re.fullmatch(r"Pauses in (29:[0-5]\d|30:00)", text(phone, "sleep-left")))
            counted = text(phone, "sleep-left")
            wait("the timer to count down", lambda: text(phone, "sleep-left") not in (counted, "No sleep timer"))

            phone.get(arguments.url + "#doctor")
            wait("the doctor report", lambda: "lastScan" in phone.find_element(By.ID, "doctor-report").text)
            fits(phone, "diagnostics page")
            phone.get(arguments.url + "#player")
            wait("the player again", lambda: "TRACK 03/" in lcd(phone) and "Pauses in" in text(phone, "sleep-left"))
            wait("the current track to be marked again",
                 lambda: phone.find_elements(By.CSS_SELECTOR, "#tracks .track.current"))
            album_line(phone, "phone")
            album_line(laptop, "laptop")
            phone.save_screenshot(arguments.screenshots + "/player-phone.png")
            laptop.save_screenshot(arguments.screenshots + "/player-wide.png")
            # The LCD line fits its box whole at every width, tablets in portrait included.
            for width in (1280, 1024, 850, 800, 768, 700, 600, 430, 390, 360, 320):
                resize(phone, width, 800)
                cut = phone.execute_script(
                    "const box = document.getElementById('lcd').getBoundingClientRect();"
                    "const line = document.getElementById('lcd-main').getBoundingClientRect();"
                    "return Math.max(0, Math.round(line.right - box.right), Math.round(box.left - line.left));")
                if cut > 0:
                    raise SystemExit(f"web_remote.py: the LCD line is cut by {cut} px at {width} px")
                # Beside the big disc (700 px and up), the state shares the line.
                below = phone.execute_script(
                    "return Math.round(document.getElementById('lcd-state').getBoundingClientRect().top"
                    " - document.getElementById('lcd-main').getBoundingClientRect().top);")
                if width >= 700 and below > 2:
                    raise SystemExit(f"web_remote.py: the LCD state wraps below the line at {width} px")
                if width == 768:
                    # A tablet in portrait, the width the LCD was once cut at.
                    resize(phone, 768, 1024)
                    fits(phone, "player on a tablet in portrait")
                    phone.save_screenshot(arguments.screenshots + "/player-tablet.png")
            resize(phone, 320, 640)
            fits(phone, "player at 320 px")
            targets(phone, "player at 320 px")

            # The disc steps and a seek step, each a verb with its fields as on the control
            # socket: a refused one would show its reason where the lost link shows.
            resize(phone, 390, 844)
            phone.find_element(By.CSS_SELECTOR, 'button[data-disc="next"]').click()
            try:
                wait("the next disc", lambda: lcd(laptop).startswith("DISC 03"))
            except SystemExit as failure:
                # Seen once on Debian 13: say what each page showed, to tell a lost click from
                # a refusal or a page that stopped following.
                raise SystemExit(f"{failure}: the laptop shows {lcd(laptop)!r}, the phone {lcd(phone)!r}, "
                                 f"its link line {text(phone, 'link')!r}") from None
            phone.find_element(By.CSS_SELECTOR, 'button[data-disc="previous"]').click()
            wait("the previous disc", lambda: lcd(laptop).startswith("DISC 02"))
            phone.find_element(By.CSS_SELECTOR, 'button[data-seek="-10"]').click()
            time.sleep(1)
            if phone.find_element(By.ID, "link").is_displayed():
                raise SystemExit("web_remote.py: a seek step was refused: " + text(phone, "link"))

            # A page left open while the box was upgraded (its pages' digest, "site", is not the
            # server's) loads the new pages at the next state, rather than send old commands.
            phone.execute_script("window.beforeUpgrade = true; site = 'an older build';")
            phone.find_element(By.CSS_SELECTOR, "button[data-command=toggle]").click()
            wait("the page to load the server's pages", lambda: phone.execute_script(
                "return window.beforeUpgrade === undefined && typeof site === 'string'"))
            wait("the reloaded page to show the player", lambda: lcd(phone).startswith("DISC 02"))

            library(phone, laptop, arguments.screenshots)
            guests(phone, arguments.url, profiles, arguments.screenshots)
        finally:
            phone.quit()
            laptop.quit()
    print("web_remote.py: ok")


if __name__ == "__main__":
    main()
