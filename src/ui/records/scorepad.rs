//! The scorepad: every finished game in a table sortable by date, score and difficulty, and the
//! personal bests per character and difficulty.

use super::{adventurer, character_ids, character_name, local_date, local_day, DIFFICULTIES};
use crate::records::stats::{self, SortKey};
use crate::records::{GameRecord, RecordOutcome, Records};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub records: Rc<Records>,
}

fn roman(n: u8) -> &'static str {
    match n {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "?",
    }
}

fn result(g: &GameRecord) -> Html {
    match &g.outcome {
        RecordOutcome::Victory { .. } => html! { <span class="records-win">{ "Victory" }</span> },
        RecordOutcome::Defeat { level, cause } => html! {
            <span class="records-loss">{ format!("Defeat in level {}: {cause}", roman(*level)) }</span>
        },
    }
}

#[function_component(Scorepad)]
pub fn scorepad(p: &Props) -> Html {
    let sort = use_state(|| (SortKey::Date, true));
    let (key, desc) = *sort;
    let games = &p.records.games;
    let header = |k: SortKey| {
        let sort = sort.clone();
        let active = k == key;
        let aria = if !active {
            None
        } else if desc {
            Some("descending")
        } else {
            Some("ascending")
        };
        let label = match (active, desc) {
            (true, true) => format!("{}, sorted highest first", k.name()),
            (true, false) => format!("{}, sorted lowest first", k.name()),
            _ => format!("Sort by {}", k.name().to_lowercase()),
        };
        let arrow = match aria {
            Some("descending") => " ▼",
            Some(_) => " ▲",
            None => "",
        };
        html! {
            <th scope="col" aria-sort={aria}>
                <button type="button" class="records-sort" aria-label={label}
                    id={format!("records-sort-{}", k.name().to_lowercase())}
                    onclick={Callback::from(move |_: MouseEvent| {
                        let (k0, d0) = *sort;
                        sort.set(if k0 == k { (k, !d0) } else { (k, true) });
                    })}>
                    { k.name() }<span aria-hidden="true">{ arrow }</span>
                </button>
            </th>
        }
    };
    let rows = stats::sorted(games, key, desc).into_iter().map(|g| {
        html! {
            <tr data-record-id={g.id.clone()}>
                <td><time datetime={g.date.clone()}>{ local_date(&g.date) }</time></td>
                <td>{ adventurer(&g.character, g.side) }
                    if g.kind.is_daily() { <span class="tag">{ " Daily" }</span> }</td>
                <td>{ g.difficulty.name() }</td>
                <td>{ result(g) }</td>
                <td class="num">{ g.score().map(|s| s.to_string()).unwrap_or_else(|| "—".into()) }</td>
                <td>{ g.rank().unwrap_or("—").to_string() }</td>
                <td class="num">{ g.seed.map(|s| s.to_string()).unwrap_or_else(|| "—".into()) }</td>
            </tr>
        }
    });
    let bests = stats::personal_bests(games, &character_ids());
    let mut chars = character_ids();
    for b in &bests {
        if !chars.contains(&b.character) {
            chars.push(b.character.clone());
        }
    }
    html! {
        <div class="records-scorepad">
            <h3 id="records-bests-h">{ "Personal bests" }</h3>
            <div class="records-scroll">
            <table class="records-table" aria-labelledby="records-bests-h" id="records-bests">
                <thead><tr>
                    <th scope="col">{ "Character" }</th>
                    { for DIFFICULTIES.iter().map(|d| html! { <th scope="col">{ d.name() }</th> }) }
                </tr></thead>
                <tbody>
                { for chars.iter().map(|c| html! {
                    <tr>
                        <th scope="row">{ character_name(c) }</th>
                        { for DIFFICULTIES.iter().map(|d| {
                            match bests.iter().find(|b| &b.character == c && b.difficulty == *d) {
                                Some(b) => html! { <td>{ format!("{} ({})", b.score, b.rank) }
                                    <span class="muted small-date">{ format!(" {}", local_day(&b.date)) }</span></td> },
                                None => html! { <td><span aria-hidden="true">{ "—" }</span><span class="visually-hidden">{ "no win yet" }</span></td> },
                            }
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
            <h3 id="records-scorepad-h">{ "Scorepad" }</h3>
            if games.is_empty() {
                <p class="muted" id="records-empty">{ "No games recorded yet: every game you finish appears here, won or lost." }</p>
            } else {
                <div class="records-scroll">
                <table class="records-table" id="records-scorepad" aria-labelledby="records-scorepad-h">
                    <caption class="visually-hidden">{ format!("{} games; the column buttons sort the table.", games.len()) }</caption>
                    <thead><tr>
                        { header(SortKey::Date) }
                        <th scope="col">{ "Adventurer" }</th>
                        { header(SortKey::Difficulty) }
                        <th scope="col">{ "Result" }</th>
                        { header(SortKey::Score) }
                        <th scope="col">{ "Rank" }</th>
                        <th scope="col">{ "Seed" }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
            }
        </div>
    }
}
