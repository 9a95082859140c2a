//! The achievements sheet: the 16 achievements by Easy, Normal and Hard, each earned (with its
//! date) or not yet (with what is left).

use super::{character_name, local_day, DIFFICULTIES};
use crate::records::achievements::Progress;
use crate::records::{Achievements, Records};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub records: Rc<Records>,
}

fn names(ids: &[String]) -> String {
    ids.iter()
        .map(|c| character_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

#[function_component(Sheet)]
pub fn sheet(p: &Props) -> Html {
    let defs = Achievements::builtin();
    let r = &p.records;
    let total = defs.defs.len() * DIFFICULTIES.len();
    let earned = defs
        .defs
        .iter()
        .flat_map(|a| DIFFICULTIES.iter().map(move |d| (a, *d)))
        .filter(|(a, d)| r.earned(&a.id, *d).is_some())
        .count();
    let rows = defs.defs.iter().map(|a| {
        let cells = DIFFICULTIES.iter().map(|d| match r.earned(&a.id, *d) {
            Some(e) => html! {
                <td class="records-earned-cell" data-earned="true">
                    <span aria-hidden="true">{ "✔ " }</span>{ "Earned " }
                    <time datetime={e.date.clone()}>{ local_day(&e.date) }</time>
                </td>
            },
            None => {
                let left = match defs.progress(a, &r.games, *d) {
                    Some(Progress::Characters { won, missing }) => {
                        if won.is_empty() {
                            format!("Still to win with: {}", names(&missing))
                        } else {
                            format!(
                                "Won with {}; still to win with: {}",
                                names(&won),
                                names(&missing)
                            )
                        }
                    }
                    Some(Progress::Run {
                        current,
                        best,
                        needed,
                    }) => {
                        format!("Wins in a row now: {current} of {needed} (best {best})")
                    }
                    None => "Not yet".to_string(),
                };
                html! { <td data-earned="false"><span class="muted">{ left }</span></td> }
            }
        });
        html! {
            <tr data-achievement={a.id.clone()}>
                <th scope="row">
                    <span class="records-ach-name">{ a.name.clone() }</span>
                    <span class="records-ach-text">{ a.description.clone() }</span>
                </th>
                { for cells }
            </tr>
        }
    });
    html! {
        <div class="records-sheet">
            <h3 id="records-sheet-h">{ "Achievements" }</h3>
            <p id="records-sheet-count">{ format!("{earned} of {total} earned. Each one is earned separately on Easy, Normal and Hard.") }</p>
            <div class="records-scroll">
            <table class="records-table records-achievements" id="records-achievements" aria-labelledby="records-sheet-h">
                <thead><tr>
                    <th scope="col">{ "Achievement" }</th>
                    { for DIFFICULTIES.iter().map(|d| html! { <th scope="col">{ d.name() }</th> }) }
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            </div>
            <p class="muted">{ "Best Served Cold and Consistency is Key count only games of the same difficulty: games on another difficulty neither count nor break a run." }</p>
        </div>
    }
}
