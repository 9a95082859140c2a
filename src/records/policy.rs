//! The records' write policy as a pure function: given what storage holds
//! now and what this tab holds, what to write, in which order, and what to tell when a write
//! fails. `crate::storage::records` only carries the plan out, so every rule is tested
//! natively here and in tests/records.rs.
//!
//! The rules:
//! - **Merge:** what storage holds, what this tab holds and the games waiting apart are merged
//!   (a union by record id); then the change is applied. Records only grow.
//! - **Set aside first:** data that could not be read is written under a free aside key before
//!   the main text is rewritten without it; when that fails, nothing else is written.
//! - **Newer data:** records written by a newer build are never written over: this tab's new
//!   games wait apart, under the pending key.
//! - **Write when needed:** the main text is written when the records changed, when something
//!   was set aside, when it is an older version (migrated once) or games wait apart (then merged
//!   in, and the pending key goes).

use super::format::{self, Loaded, SetAside};
use super::{Achievements, Records};

/// One write of a plan, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Keep unreadable data under a free aside key.
    KeepAside(Vec<SetAside>),
    /// Write the games that wait apart (newer data is stored) under the pending key.
    WritePending(Records),
    /// Write the records under the main key.
    WriteMain,
    /// Remove the pending key (its games are in the main text now).
    ClearPending,
}

/// What storage could give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// There is no storage, or it cannot be read: nothing is written, the tab keeps its records.
    None,
    ReadWrite,
}

/// Why a plan's warning is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// No storage at all (private mode, disabled).
    Disabled,
    /// A write failed: storage is full or refused it.
    Full,
    /// The records are from a newer build (shown, never written over).
    Newer,
    /// Both: newer records, and the games waiting apart could not be written.
    NewerAndFull,
}

/// What to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The records after the change: what the tab shows.
    pub records: Records,
    /// The writes, in order; a failed one stops the rest.
    pub steps: Vec<Step>,
    /// The warning when every step works (`Newer`, `Disabled`), before any failure.
    pub warning: Option<Warning>,
}

impl Plan {
    /// The warning once the steps ran, `failed` being the index of the step that failed.
    pub fn warning_after(&self, failed: Option<usize>) -> Option<Warning> {
        match failed.and_then(|i| self.steps.get(i)) {
            None => self.warning,
            Some(Step::WritePending(_)) => Some(Warning::NewerAndFull),
            // Removing the pending key is tidying: its games are in the main text already.
            Some(Step::ClearPending) => self.warning,
            Some(_) => Some(Warning::Full),
        }
    }
}

/// The plan for one change. `stored` is what storage holds now (`format::load` of the main
/// key), `pending` the games waiting apart, `memory` what this tab holds.
pub fn plan<R>(
    access: Access,
    stored: Loaded,
    pending: &Records,
    memory: &Records,
    defs: &Achievements,
    change: impl FnOnce(&mut Records) -> R,
) -> (Plan, R) {
    let stored_games = stored.records.games.len();
    let stored_earned = stored.records.earned.clone();
    let migrate = stored.from < format::VERSION && stored_games > 0;
    let mut records = stored.records;
    records.merge(memory, defs);
    records.merge(pending, defs);
    let result = change(&mut records);
    let changed = records.games.len() != stored_games || records.earned != stored_earned;
    let mut steps = Vec::new();
    let warning = match access {
        Access::None => Some(Warning::Disabled),
        Access::ReadWrite if stored.newer => {
            // Our games wait apart for a build that can write them.
            let mut waiting = pending.clone();
            let ours = Records {
                games: records
                    .games
                    .get(stored_games..)
                    .unwrap_or_default()
                    .to_vec(),
                earned: Vec::new(),
            };
            waiting.merge(&ours, defs);
            if !waiting.games.is_empty() {
                steps.push(Step::WritePending(waiting));
            }
            Some(Warning::Newer)
        }
        Access::ReadWrite => {
            let aside = !stored.set_aside.is_empty();
            if aside {
                steps.push(Step::KeepAside(stored.set_aside));
            }
            if changed || aside || migrate || !pending.games.is_empty() {
                steps.push(Step::WriteMain);
                if !pending.games.is_empty() {
                    steps.push(Step::ClearPending);
                }
            }
            None
        }
    };
    (
        Plan {
            records,
            steps,
            warning,
        },
        result,
    )
}
