//! The scorepad (standard games sortable, daily challenges apart) and the personal bests.

use super::*;

/// One scorepad line (a `<tr>`): date, adventurer, difficulty, result, score, rank, seed, and
/// a Replay button (`data-action="replay" data-id="<record id>"`) when the game's moves were
/// kept.
fn scorepad_row(h: &mut Markup, g: &GameRecord, names: &Names, date: DateFmt) {
    let result = match &g.outcome {
        RecordOutcome::Victory { .. } => Markup::lit("<span class=\"records-win\">Victory</span>"),
        RecordOutcome::Defeat { level, cause } => markup!(
            "<span class=\"records-loss\">Defeat in level {}: {}</span>",
            roman(*level),
            cause
        ),
    };
    // A game played with hints says so (the scorepad keeps help apart from skill).
    let result = match g.hints() {
        0 => result,
        1 => markup!(
            "{} <span class=\"records-hinted\">(with 1 hint)</span>",
            result
        ),
        n => markup!(
            "{} <span class=\"records-hinted\">(with {} hints)</span>",
            result,
            n
        ),
    };
    let replay = if g.replay.is_some() {
        // The label is the date as text (it once read the <time> element's markup aloud).
        markup!(
            "<button type=\"button\" class=\"small quiet records-replay\" data-action=\"replay\" data-id=\"{}\" aria-label=\"Replay the game of {}\">Replay</button>",
            g.id,
            date(&g.date)
        )
    } else {
        none("no replay kept")
    };
    markup!(
        h,
        "<tr data-record-id=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
        g.id,
        time(&g.date, date),
        names.adventurer(&g.character, g.side),
        g.difficulty.name(),
        result,
        g.score().map_or_else(|| none("no score"), |s| markup!("{}", s)),
        g.rank().map_or_else(|| none("no rank"), Markup::text),
        g.seed.map_or_else(|| none("unknown"), |s| markup!("{}", s)),
        replay,
    );
}

/// Rows a scorepad table shows at most: the first by its order. A browser lays out a table of
/// 40,000 rows in half a minute (an import of 40,000 games must be told in 3 s);
/// the player sorts to bring other games up, and the statistics and the export hold them all.
pub const SCOREPAD_ROWS: usize = 200;

/// Writes the rows of `games` up to [`SCOREPAD_ROWS`]; below a longer table, a line that says so.
fn rows(h: &mut Markup, games: Vec<&GameRecord>, names: &Names, date: DateFmt) -> Markup {
    for g in games.iter().take(SCOREPAD_ROWS) {
        scorepad_row(h, g, names, date);
    }
    if games.len() > SCOREPAD_ROWS {
        markup!(
            "<p class=\"muted small records-more\">The first {} of {} games are shown: sort to see \
             others (the statistics count them all, and Export saves them all).</p>",
            SCOREPAD_ROWS,
            games.len()
        )
    } else {
        Markup::new()
    }
}

/// The scorepad: the standard games in a table sorted by `key`, whose column headers hold the
/// sort buttons (`data-sort="date|score|difficulty"`); then the daily challenges in a table of
/// their own, newest first (daily results are kept apart, so one shared deal a day
/// never mixes with the player's own games). Each table shows its first [`SCOREPAD_ROWS`].
pub fn scorepad(
    games: &[GameRecord],
    key: SortKey,
    descending: bool,
    names: &Names,
    date: DateFmt,
) -> Markup {
    if games.is_empty() {
        return Markup::lit("<p class=\"muted\" id=\"records-empty\">No games recorded yet: every game you finish appears here, won or lost.</p>");
    }
    let (daily, standard): (Vec<&GameRecord>, Vec<&GameRecord>) =
        games.iter().partition(|g| g.kind.is_daily());
    let mut h = Markup::new();
    if standard.is_empty() {
        h.lit_push("<p class=\"muted\" id=\"records-empty\">No games of your own yet: only daily challenges, below.</p>");
    } else {
        markup!(
            h,
            "<div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table\" id=\"records-scorepad\" aria-labelledby=\"records-scorepad-h\">\
             <caption class=\"visually-hidden\">{} games; the buttons in the column headers sort the table.</caption><thead><tr>",
            standard.len()
        );
        let header = |h: &mut Markup, k: SortKey| {
            let active = k == key;
            let (sort, label, arrow) = match (active, descending) {
                (true, true) => (
                    " aria-sort=\"descending\"",
                    format!("{}, sorted highest first", k.name()),
                    " ▼",
                ),
                (true, false) => (
                    " aria-sort=\"ascending\"",
                    format!("{}, sorted lowest first", k.name()),
                    " ▲",
                ),
                _ => ("", format!("Sort by {}", k.key()), ""),
            };
            markup!(
                h,
                "<th scope=\"col\"{}><button type=\"button\" class=\"records-sort\" id=\"records-sort-{}\" data-sort=\"{}\" aria-label=\"{}\">{}<span aria-hidden=\"true\">{}</span></button></th>",
                Markup::lit(sort),
                k.key(),
                k.key(),
                label,
                k.name(),
                arrow
            );
        };
        header(&mut h, SortKey::Date);
        h.lit_push("<th scope=\"col\">Adventurer</th>");
        header(&mut h, SortKey::Difficulty);
        h.lit_push("<th scope=\"col\">Result</th>");
        header(&mut h, SortKey::Score);
        h.lit_push("<th scope=\"col\">Rank</th><th scope=\"col\">Seed</th><th scope=\"col\">Replay</th></tr></thead><tbody>");
        let more = rows(
            &mut h,
            stats::sort_refs(standard, key, descending),
            names,
            date,
        );
        h.lit_push("</tbody></table></div>");
        h.push(more);
    }
    if !daily.is_empty() {
        markup!(
            h,
            "<h3 id=\"records-daily-h\">Daily challenges</h3><div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table\" id=\"records-daily\" aria-labelledby=\"records-daily-h\">\
             <caption class=\"visually-hidden\">{} daily challenges, newest first.</caption><thead><tr>\
             <th scope=\"col\">Date</th><th scope=\"col\">Adventurer</th><th scope=\"col\">Difficulty</th><th scope=\"col\">Result</th><th scope=\"col\">Score</th><th scope=\"col\">Rank</th><th scope=\"col\">Seed</th><th scope=\"col\">Replay</th></tr></thead><tbody>",
            daily.len()
        );
        let more = rows(
            &mut h,
            stats::sort_refs(daily, SortKey::Date, true),
            names,
            date,
        );
        h.lit_push("</tbody></table></div>");
        h.push(more);
    }
    h
}

/// Personal bests: the best score per character and difficulty.
pub fn bests(games: &[GameRecord], names: &Names, date: DateFmt) -> Markup {
    let mut ids = names.ids();
    let best = stats::personal_bests(games, &ids);
    for b in &best {
        if !ids.contains(&b.character) {
            ids.push(b.character.clone());
        }
    }
    let mut h = Markup::lit(
        "<div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table\" id=\"records-bests\" aria-labelledby=\"records-bests-h\"><thead><tr><th scope=\"col\">Character</th>",
    );
    difficulty_headers(&mut h);
    h.lit_push("</tr></thead><tbody>");
    for c in &ids {
        markup!(h, "<tr><th scope=\"row\">{}</th>", names.character(c));
        for d in Difficulty::ALL {
            match best.iter().find(|b| &b.character == c && b.difficulty == d) {
                Some(b) => markup!(
                    h,
                    "<td>{} ({}) <span class=\"muted small-date\">{}</span></td>",
                    b.score,
                    b.rank,
                    time(&b.date, date)
                ),
                None => markup!(h, "<td>{}</td>", none("no win yet")),
            }
        }
        h.lit_push("</tr>");
    }
    h.lit_push("</tbody></table></div>");
    h
}
