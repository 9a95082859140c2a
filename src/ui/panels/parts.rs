//! The parts of the table that most moves leave as they were, or change only in part — the
//! HUD, the trackers, the character sheet and each entry of the log — each drawn from narrow
//! props: what it shows, compared, so
//! Yew draws a part again only when one of those changed instead of rebuilding and diffing it
//! on every move. One component type holds them all (a variant per part): every component type
//! costs the first download its own copy of Yew's machinery.

use crate::ui::panels::{hud, log_entry};
use crate::ui::reducer::LogGroup;
use crate::ui::sheets::{character, resource_tracker, time_tracker};
use std::rc::Rc;
use yew::prelude::*;

/// A part of the board and what it shows.
#[derive(PartialEq)]
pub enum Part {
    Hud(hud::Props),
    Time(time_tracker::Props),
    Resources(resource_tracker::Props),
    Character(character::Props),
    /// One move of the log (a move's lines never change once written).
    LogEntry(Entry),
}

/// A log entry, compared by identity: the reducer writes each once and shares it after.
pub struct Entry(pub Rc<LogGroup>);

impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub part: Part,
}

/// One part of the board, drawn again only when its props changed.
#[function_component(Kept)]
pub fn kept(p: &Props) -> Html {
    match &p.part {
        Part::Hud(h) => hud::hud(h),
        Part::Time(t) => time_tracker::time_tracker(t),
        Part::Resources(r) => resource_tracker::resource_tracker(r),
        Part::Character(c) => character::character_sheet(c),
        Part::LogEntry(e) => log_entry::entry(&e.0),
    }
}
