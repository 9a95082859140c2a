//! The achievements sheet, and the achievements a game just earned (end screen).

use super::*;

/// The achievements sheet: 16 rows by Easy, Normal and Hard.
pub fn sheet(r: &Records, defs: &Achievements, names: &Names, date: DateFmt) -> Markup {
    let total = defs.defs.len() * 3;
    let earned = r
        .earned
        .iter()
        .filter(|e| defs.get(&e.achievement).is_some())
        .count();
    let mut h = Markup::new();
    markup!(
        h,
        "<p id=\"records-sheet-count\">{} of {} earned. Each one is earned separately on Easy, Normal and Hard.</p>\
         <div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table records-achievements\" id=\"records-achievements\" aria-labelledby=\"records-sheet-h\"><thead><tr><th scope=\"col\">Achievement</th>",
        earned,
        total
    );
    difficulty_headers(&mut h);
    h.lit_push("</tr></thead><tbody>");
    let list = |ids: &[String]| {
        ids.iter()
            .map(|c| names.character(c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for a in &defs.defs {
        markup!(
            h,
            "<tr data-achievement=\"{}\"><th scope=\"row\"><span class=\"records-ach-name\">{}</span><span class=\"records-ach-text\">{}</span></th>",
            a.id,
            a.name,
            a.description
        );
        for d in Difficulty::ALL {
            match r.earned(&a.id, d) {
                Some(e) => markup!(
                    h,
                    "<td class=\"records-earned-cell\" data-earned=\"true\"><span aria-hidden=\"true\">✔ </span>Earned {}</td>",
                    time(&e.date, date)
                ),
                None => {
                    let left = match defs.progress(a, &r.games, d) {
                        Some(Progress::Characters { won, missing }) if won.is_empty() => {
                            format!("Still to win with: {}", list(&missing))
                        }
                        Some(Progress::Characters { won, missing }) => format!(
                            "Won with {}; still to win with: {}",
                            list(&won),
                            list(&missing)
                        ),
                        Some(Progress::Run {
                            current,
                            best,
                            needed,
                        }) => format!("Wins in a row now: {current} of {needed} (best {best})"),
                        None => "Not yet".into(),
                    };
                    markup!(
                        h,
                        "<td data-earned=\"false\"><span class=\"muted\">{}</span></td>",
                        left
                    );
                }
            }
        }
        h.lit_push("</tr>");
    }
    h.lit_push("</tbody></table></div><p class=\"muted\">Best Served Cold and Consistency is Key count only games of the same difficulty: games on another difficulty neither count nor break a run.</p>");
    h
}

/// The achievements a game just earned, for the end screen.
pub fn earned_now(earned: &[crate::records::Earned], defs: &Achievements) -> Markup {
    if earned.is_empty() {
        return Markup::new();
    }
    let mut h = markup!(
        "<h3 id=\"records-earned-h\">{}</h3><ul>",
        if earned.len() == 1 {
            "Achievement earned!"
        } else {
            "Achievements earned!"
        }
    );
    for e in earned {
        let def = defs.get(&e.achievement);
        let name = def.map_or(e.achievement.as_str(), |d| d.name.as_str());
        let text = def.map_or("", |d| d.description.as_str());
        markup!(
            h,
            "<li><strong>{} ({})</strong> — {}</li>",
            name,
            e.difficulty.name(),
            text
        );
    }
    h.lit_push("</ul>");
    h
}
