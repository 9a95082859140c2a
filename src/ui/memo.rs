//! The biggest sheets (trackers, monster sheet) re-render only when what they show changed. Each wraps a render function of its
//! sheet in a component whose props compare by a key: a hash of exactly the state that sheet
//! shows (and, for sheets with buttons, the buttons' statuses). Most actions change a few
//! sheets, so a click re-renders and diffs a fraction of the screen.

use super::model::View;
use super::{monster, resource_tracker, time_tracker};
use crate::engine::Action;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct Memo {
    pub view: View,
    pub key_: u64,
    #[prop_or_default]
    pub on_act: Callback<Action>,
    #[prop_or_default]
    pub rolled: Option<u8>,
}

impl PartialEq for Memo {
    fn eq(&self, o: &Self) -> bool {
        self.key_ == o.key_ && self.on_act == o.on_act && self.rolled == o.rolled
    }
}

fn hash(f: impl FnOnce(&mut DefaultHasher)) -> u64 {
    let mut h = DefaultHasher::new();
    f(&mut h);
    h.finish()
}

fn statuses(v: &View, actions: impl Iterator<Item = Action>, h: &mut DefaultHasher) {
    for a in actions {
        v.status(&a).hash(h);
    }
}

fn monster_key(v: &View, h: &mut DefaultHasher) {
    let s = v.s();
    s.level.hash(h);
    if let Some(m) = &s.monster {
        (
            m.card,
            m.armor,
            m.max_armor,
            m.health,
            m.max_health,
            m.defending,
        )
            .hash(h);
    }
}

pub fn time_key(v: &View) -> u64 {
    hash(|h| {
        let s = v.s();
        (s.time, s.time_removed).hash(h);
        monster_key(v, h);
    })
}

pub fn resource_key(v: &View) -> u64 {
    hash(|h| v.s().stock.0.hash(h))
}

pub fn monster_sheet_key(v: &View) -> u64 {
    hash(|h| {
        monster_key(v, h);
        let n = v
            .s()
            .monster
            .as_ref()
            .and_then(|m| v.db().monster(m.card))
            .map(|m| m.actions.len())
            .unwrap_or(0);
        statuses(v, (0..n).map(|i| Action::MonsterAction(i as u8)), h);
    })
}

#[function_component(TimeTracker)]
pub fn time_tracker_c(p: &Memo) -> Html {
    time_tracker::time_tracker(&time_tracker::Props {
        view: p.view.clone(),
    })
}

#[function_component(ResourceTracker)]
pub fn resource_tracker_c(p: &Memo) -> Html {
    resource_tracker::resource_tracker(&resource_tracker::Props {
        view: p.view.clone(),
    })
}

#[function_component(MonsterSheet)]
pub fn monster_sheet_c(p: &Memo) -> Html {
    monster::monster_sheet(&monster::Props {
        view: p.view.clone(),
        on_act: p.on_act.clone(),
        rolled: p.rolled,
    })
}
