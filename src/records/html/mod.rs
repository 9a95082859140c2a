//! The records views as HTML: the scorepad and personal bests, the achievements sheet, and
//! the statistics with inline SVG charts. Pure functions of the records (natively tested),
//! built as [`Markup`] so every text is escaped by construction; the browser shows them as
//! they are. One file per view: [`scorepad`] (the scorepad and personal bests), [`sheet`]
//! (achievements), [`statistics`] (figures and charts); this one holds what they share and the
//! panel around them.
//!
//! Accessibility: real tables (`caption`, `th scope`), sort buttons in the column headers with
//! `aria-sort`, charts as `role="img"` with a title and a text description, every bar and point
//! labelled in text, difficulties told apart by name and mark shape as well as colour.

use super::achievements::Progress;
use super::markup::Markup;
use super::stats::{self, ScorePoint, SortKey, Statistics, Tally};
use super::{Achievements, GameRecord, RecordOutcome, Records};
use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::markup;

mod scorepad;
mod sheet;
mod statistics;

pub use scorepad::{bests, scorepad, SCOREPAD_ROWS};
pub use sheet::{earned_now, sheet};
pub use statistics::statistics;

/// The names the views show, taken from the box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Character id, class name, the two side names.
    pub characters: Vec<(String, String, [String; 2])>,
    /// Rank names, lowest first.
    pub ranks: Vec<String>,
}

impl Names {
    /// The box's names as `build.rs` compiled them in ([`super::names`]): what the records
    /// module shows, without the card database.
    pub fn builtin() -> Names {
        Names {
            characters: super::names::CHARACTERS
                .iter()
                .map(|(id, name, sides)| {
                    (id.to_string(), name.to_string(), sides.map(String::from))
                })
                .collect(),
            ranks: super::names::RANKS
                .iter()
                .map(|(_, n)| n.to_string())
                .collect(),
        }
    }

    pub fn from_db(db: &CardDb) -> Names {
        Names {
            characters: db
                .characters
                .iter()
                .map(|c| {
                    (
                        c.id.clone(),
                        c.name.clone(),
                        [0, 1].map(|side| c.adventurer(side).unwrap_or_default().to_string()),
                    )
                })
                .collect(),
            ranks: db.params.ranks.iter().map(|r| r.name.clone()).collect(),
        }
    }

    pub fn ids(&self) -> Vec<String> {
        self.characters.iter().map(|c| c.0.clone()).collect()
    }

    /// The class name ("Sneak"), or the id when unknown.
    pub fn character(&self, id: &str) -> String {
        self.characters
            .iter()
            .find(|c| c.0 == id)
            .map_or_else(|| id.to_string(), |c| c.1.clone())
    }

    /// "Maxyn Zenma the Sneak", or the class name when the character is unknown.
    pub fn adventurer(&self, id: &str, side: u8) -> String {
        match self.characters.iter().find(|c| c.0 == id) {
            Some(c) => format!("{} the {}", c.2[(side as usize).min(1)], c.1),
            None => id.to_string(),
        }
    }
}

/// Formats a stored date for display (the browser passes its local-time formatter).
pub type DateFmt<'a> = &'a dyn Fn(&str) -> String;

pub use crate::content::cards::roman;

fn time(iso: &str, date: DateFmt) -> Markup {
    markup!("<time datetime=\"{}\">{}</time>", iso, date(iso))
}

/// A "—" that reads as `spoken`.
fn none(spoken: &str) -> Markup {
    markup!(
        "<span aria-hidden=\"true\">—</span><span class=\"visually-hidden\">{}</span>",
        spoken
    )
}

fn difficulty_headers(h: &mut Markup) {
    for d in Difficulty::ALL {
        markup!(h, "<th scope=\"col\">{}</th>", d.name());
    }
}

/// The three views of the records panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tab {
    Scorepad,
    Achievements,
    Statistics,
}

impl Tab {
    pub const ALL: [Tab; 3] = [Tab::Scorepad, Tab::Achievements, Tab::Statistics];

    pub fn name(self) -> &'static str {
        match self {
            Tab::Scorepad => "Scorepad",
            Tab::Achievements => "Achievements",
            Tab::Statistics => "Statistics",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Tab::Scorepad => "scorepad",
            Tab::Achievements => "achievements",
            Tab::Statistics => "statistics",
        }
    }

    pub fn parse(s: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.key() == s)
    }
}

/// What the panel shows besides the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelState<'a> {
    pub tab: Tab,
    pub sort: SortKey,
    pub descending: bool,
    /// A storage problem (full, disabled, newer data).
    pub warning: Option<&'a str>,
    /// Data found unreadable and kept aside, in words.
    pub notices: &'a [String],
    /// Data kept aside in this browser (storage key, what it is in words): each offered for
    /// download and removal.
    pub kept: &'a [(String, String)],
    /// Show a Close button.
    pub closable: bool,
}

/// The panel's heading (the dialog is labelled by it; focus goes to it on opening).
pub const HEADING: &str = "<h2 id=\"records-h\" class=\"sheet-title\" tabindex=\"-1\">Records</h2>";
/// The panel's Close button.
pub const CLOSE: &str = "<button type=\"button\" class=\"small quiet\" id=\"records-close\" data-action=\"close\">Close records</button>";

/// The top of the records panel: title, count, warnings, export and import, and the data kept
/// aside. Controls carry `data-action` (`close`, `export`; `aside` with `data-key`, and
/// `data-remove` to remove); the file input is `#records-import`.
pub fn panel_head(r: &Records, st: &PanelState) -> Markup {
    let mut h = Markup::lit("<div class=\"records-head\">");
    h.lit_push(HEADING);
    h.lit_push("<p class=\"muted\" id=\"records-count\">");
    match r.games.len() {
        0 => h.lit_push("No games recorded yet."),
        1 => h.lit_push("1 game recorded."),
        n => markup!(h, "{} games recorded.", n),
    }
    h.lit_push("</p>");
    if st.closable {
        h.lit_push(CLOSE);
    }
    h.lit_push("</div>");
    if let Some(w) = st.warning {
        markup!(
            h,
            "<p class=\"notice error\" role=\"alert\" id=\"records-warning\">{}</p>",
            w
        );
    }
    for n in st.notices {
        markup!(
            h,
            "<p class=\"notice error records-notice\" role=\"alert\">{}</p>",
            n
        );
    }
    h.lit_push(
        "<div class=\"records-transfer\"><button type=\"button\" class=\"small\" id=\"records-export\" data-action=\"export\">Export records</button>\
         <label class=\"records-import button small\" for=\"records-import\">Import records\
         <input type=\"file\" id=\"records-import\" class=\"visually-hidden\" accept=\".json,application/json\"></label></div>",
    );
    h.push(kept_aside(st.kept));
    h
}

/// The data kept aside, each with Download and Remove (Remove asks once more, in a
/// `<details>`, since it deletes for good).
fn kept_aside(kept: &[(String, String)]) -> Markup {
    if kept.is_empty() {
        return Markup::new();
    }
    let mut h = Markup::lit(
        "<section class=\"records-aside\" id=\"records-aside\" aria-labelledby=\"records-aside-h\">\
         <h3 id=\"records-aside-h\">Kept aside</h3><p class=\"muted\">Data this browser could not \
         read, kept so that nothing is lost. Download it to keep it or report it; remove it when \
         you no longer need it.</p><ul>",
    );
    for (i, (key, what)) in kept.iter().enumerate() {
        markup!(
            h,
            "<li><span id=\"records-aside-{}\">{} (“{}”)</span> \
             <button type=\"button\" class=\"small\" data-action=\"aside\" data-key=\"{}\" aria-describedby=\"records-aside-{}\">Download</button> \
             <details class=\"records-aside-remove\"><summary>Remove…</summary>\
             <button type=\"button\" class=\"small danger\" data-action=\"aside\" data-key=\"{}\" data-remove=\"1\" aria-describedby=\"records-aside-{}\">Remove for good</button>\
             </details></li>",
            i,
            what,
            key,
            key,
            i,
            key,
            i
        );
    }
    h.lit_push("</ul></section>");
    h
}

/// The view switcher and the current view. Tab buttons carry `data-tab`, sort buttons
/// `data-sort`.
pub fn panel_body(
    r: &Records,
    st: &PanelState,
    defs: &Achievements,
    names: &Names,
    date_time: DateFmt,
    day: DateFmt,
) -> Markup {
    let mut h = Markup::lit("<nav class=\"records-tabs\" aria-label=\"Records views\">");
    for t in Tab::ALL {
        let on = t == st.tab;
        markup!(
            h,
            "<button type=\"button\" class=\"records-tab{}\" id=\"records-tab-{}\" data-tab=\"{}\" aria-pressed=\"{}\">{}</button>",
            if on { " selected" } else { "" },
            t.key(),
            t.key(),
            on,
            t.name()
        );
    }
    h.lit_push("</nav><div id=\"records-view\">");
    match st.tab {
        Tab::Scorepad => {
            h.lit_push("<h3 id=\"records-bests-h\">Personal bests</h3>");
            h.push(bests(&r.games, names, day));
            h.lit_push("<h3 id=\"records-scorepad-h\">Scorepad</h3>");
            h.push(scorepad(&r.games, st.sort, st.descending, names, date_time));
        }
        Tab::Achievements => {
            h.lit_push("<h3 id=\"records-sheet-h\">Achievements</h3>");
            h.push(sheet(r, defs, names, day));
        }
        Tab::Statistics => {
            h.lit_push("<h3 id=\"records-stats-h\">Statistics</h3>");
            h.push(statistics(&r.games, names, day));
        }
    }
    h.lit_push("</div>");
    h
}
