//! What the title screen's module hands to the table's module when the player leaves the title
//! screen of a first visit: the page's first screen comes from a small module of its own
//! (`unbroken-title`: the title screen and its character cards, nothing of the table or the
//! records), and the table's
//! module (`unbroken-web`) starts with the player's choice already made, as if it had been made
//! on its own title screen. Handed over as JSON text (`window.unbrokenOpening`, static/boot.js):
//! the two modules share no memory, and both already carry the page's JSON codec.

use super::reducer::Msg;
use crate::engine::Setup;
use serde::{Deserialize, Serialize};

/// A choice made on the title screen that needs the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Opening {
    /// Start a new game (the seed already chosen; the daily challenge is one too).
    Start(Setup),
    /// Learn to play: go on with the lesson kept, or start it again (`again`).
    Learn { again: bool },
    /// Open the records (the title screen's Records).
    Records,
}

impl Opening {
    /// The table's message for this choice: the same its own title screen sends (`None` for
    /// the records, which its title screen opens itself).
    pub fn into_msg(self) -> Option<Msg> {
        Some(match self {
            Opening::Start(s) => Msg::Start(s),
            Opening::Learn { again: false } => Msg::Learn,
            Opening::Learn { again: true } => Msg::LearnAgain,
            Opening::Records => return None,
        })
    }

    /// As JSON text for the other module (`None` only if the codec refuses it, which it never
    /// does for these types: integers, strings and enums).
    pub fn to_text(&self) -> Option<String> {
        crate::json::to_string(self).ok()
    }

    /// Read back from the text the title module wrote; `None` for anything else (the table
    /// then starts on its own title screen, as without a hand-over).
    pub fn from_text(text: &str) -> Option<Opening> {
        crate::json::from_str(text).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Difficulty;

    fn setup() -> Setup {
        Setup {
            seed: u64::MAX,
            character: "brawler".into(),
            side: 1,
            difficulty: Difficulty::Easy,
            easy_toggle: true,
        }
    }

    #[test]
    fn every_choice_crosses_as_text_unchanged() {
        for o in [
            Opening::Start(setup()),
            Opening::Learn { again: false },
            Opening::Learn { again: true },
            Opening::Records,
        ] {
            let text = o.to_text().expect("written");
            assert_eq!(Opening::from_text(&text), Some(o));
        }
    }

    #[test]
    fn each_choice_is_the_message_the_table_title_sends() {
        let start = Opening::Start(setup()).into_msg();
        assert!(matches!(start, Some(Msg::Start(s)) if s == setup()));
        let learn = Opening::Learn { again: false }.into_msg();
        assert!(matches!(learn, Some(Msg::Learn)));
        let again = Opening::Learn { again: true }.into_msg();
        assert!(matches!(again, Some(Msg::LearnAgain)));
        assert!(Opening::Records.into_msg().is_none());
    }

    #[test]
    fn text_that_is_not_a_choice_is_refused() {
        for t in [
            "",
            "null",
            "{\"Start\":1}",
            "{\"Learn\":{}}",
            "\"Daily\"",
            "[1,2",
        ] {
            assert_eq!(Opening::from_text(t), None, "{t}");
        }
    }
}
