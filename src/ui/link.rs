//! What a deal link asks of the page (README, "Share a deal"): the deal it names, or why it could
//! not be read, and the question put to the player before it is played. Both modules that can
//! start a page read it: the title screen's own module (`ui::front`, a first visit: the deal is
//! named on the title screen with "Play the linked deal") and the table's (`ui::app`, a browser
//! with a saved game: playing the deal replaces it, so it asks first). So it reads the link
//! against the box's characters alone, all the title screen's module holds of the box.

use crate::content::cards::Character;
use crate::engine::{words, Setup};

/// A deal link, read from the page's address.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkAsk {
    /// A deal to play once the player says so.
    Deal(Setup),
    /// The link was malformed: the message to show.
    Error(String),
}

/// What a deal link asks: shown in its dialog and said as it opens. With a saved game (`saved`)
/// it says that playing the deal replaces it.
pub fn link_question(characters: &[Character], setup: &Setup, saved: bool) -> String {
    format!(
        "This link starts a deal: {}, seed {}.{}",
        words::deal_of(characters, setup),
        setup.seed,
        if saved {
            " Playing it replaces your saved game."
        } else {
            ""
        }
    )
}

/// Reads a page query (`?v=1&seed=…` or `?daily=…`) as a deal link; `None` when the query is
/// empty or says nothing about a deal.
pub fn read_link(query: &str, characters: &[Character]) -> Option<LinkAsk> {
    if query.trim_start_matches('?').is_empty() {
        return None;
    }
    match crate::share::link::parse(query, characters) {
        Ok(None) => None,
        Ok(Some(crate::share::link::LinkRequest::Deal(s))) => Some(LinkAsk::Deal(s)),
        Ok(Some(crate::share::link::LinkRequest::Daily(date))) => Some(
            match crate::share::daily::daily_setup_of(&date, characters) {
                Some(s) => LinkAsk::Deal(s),
                None => LinkAsk::Error(format!(
                    "This link's daily challenge date “{date}” is not valid."
                )),
            },
        ),
        Err(e) => Some(LinkAsk::Error(format!(
            "This link could not be opened: {e}. You can start a normal new game below."
        ))),
    }
}

/// Reads the page's query as a deal link and removes it from the address bar (a relative URL,
/// so a sub-path is kept): a reload, or the link bookmarked from here, is the title screen
/// again. Only a deal link is removed; an unrelated query is left alone.
#[cfg(target_arch = "wasm32")]
pub fn take_page_link(characters: &[Character]) -> Option<LinkAsk> {
    let w = web_sys::window()?;
    let query = w.location().search().ok()?;
    let ask = read_link(&query, characters)?;
    if let Ok(h) = w.history() {
        let path = w.location().pathname().unwrap_or_default();
        let rel = path
            .rsplit('/')
            .next()
            .filter(|s| !s.is_empty())
            .unwrap_or(".");
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(rel));
    }
    Some(ask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Difficulty;

    fn characters() -> Vec<Character> {
        crate::content::CardDb::builtin()
            .expect("the box loads")
            .characters
    }

    #[test]
    fn a_deal_is_named_and_the_saved_game_warned_of_only_when_there_is_one() {
        let ch = characters();
        let q = "?v=1&seed=424242&character=hunter&side=1&difficulty=hard";
        let Some(LinkAsk::Deal(s)) = read_link(q, &ch) else {
            panic!("a deal link");
        };
        assert_eq!(
            (s.seed, s.side, s.difficulty),
            (424242, 1, Difficulty::Hard)
        );
        let fresh = link_question(&ch, &s, false);
        assert!(fresh.starts_with("This link starts a deal: "), "{fresh}");
        assert!(fresh.contains("the Hunter (second side), Hard, seed 424242."));
        assert!(!fresh.contains("saved game"));
        let over = link_question(&ch, &s, true);
        assert!(
            over.ends_with("Playing it replaces your saved game."),
            "{over}"
        );
    }

    #[test]
    fn a_daily_link_is_that_day_s_deal_and_a_bad_one_says_why() {
        let ch = characters();
        let daily = read_link("?daily=2026-11-29", &ch);
        let want = crate::share::daily::daily_setup_of("2026-11-29", &ch).map(LinkAsk::Deal);
        assert_eq!(daily, want);
        assert!(daily.is_some());
        assert!(
            matches!(read_link("?daily=2026-02-30", &ch), Some(LinkAsk::Error(e)) if e.contains("daily"))
        );
        assert!(
            matches!(read_link("?v=1&seed=x", &ch), Some(LinkAsk::Error(e)) if e.contains("seed"))
        );
        assert_eq!(read_link("", &ch), None);
        assert_eq!(read_link("?utm=x", &ch), None);
    }
}
