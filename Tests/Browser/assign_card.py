#!/usr/bin/python3
"""Drives "Assign card" in real Chromium (headless, through Debian's chromedriver): with a card
read before the page opens, the Library shows the last card and offers Assign card on each
row; tapping it on an album outside the wallet gives it the card (the page says so) and the
wallet's discs offer it too. Run by Tests/CLITests/LastCardBrowserTests.swift against a real
`cdwally serve --web`; exits non-zero with one line on what did not happen."""
import argparse
import tempfile

from selenium.webdriver.common.by import By

from web_remote import browser, fits, row_named, text, wait


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--album", required=True, help="an album of the library outside the wallet")
    parser.add_argument("--card", required=True, help="the card read before the page opens")
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as profiles:
        phone = browser(390, 844, profiles + "/phone")
        try:
            phone.get(arguments.url)
            wait("the pairing form", lambda: phone.find_element(By.ID, "pair-code").is_displayed())
            phone.find_element(By.ID, "pair-code").send_keys(arguments.code)
            phone.find_element(By.CSS_SELECTOR, "#pair-form button").click()
            wait("the wallet after pairing", lambda: phone.find_elements(By.CSS_SELECTOR, ".disc"))
            phone.get(arguments.url + "#library")
            wait("the last card on the Library",
                 lambda: text(phone, "last-card").startswith(f"Last card: {arguments.card}"))
            button = wait("the row's Assign card", lambda: row_named(phone, arguments.album).find_element(
                By.CSS_SELECTOR, "button[data-action=card]"))
            if not button.is_displayed() or button.text != "Assign card":
                raise SystemExit(f"assign_card.py: the row offers {button.text!r}, not a shown Assign card")
            fits(phone, "library with Assign card at 390 px")
            button.click()
            wait("the page to say the card plays the album",
                 lambda: f"Card {arguments.card} plays" in text(phone, "undo-text"))
            phone.get(arguments.url + "#wallet")
            wait("the album in the wallet", lambda: any(
                arguments.album in disc.text for disc in phone.find_elements(By.CSS_SELECTOR, ".disc")))
            offered = [b.is_displayed() for b in phone.find_elements(By.CSS_SELECTOR, ".discs .assign-card")]
            if len(offered) < 2 or not all(offered):
                raise SystemExit("assign_card.py: a wallet disc offers no Assign card")
        finally:
            phone.quit()


if __name__ == "__main__":
    main()
