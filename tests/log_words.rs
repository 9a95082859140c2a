//! The log's words over many played games (issue 10): every event a game produces has a line,
//! and no line shows a rendering defect: a change that changes nothing ("Time 12 → 12.", "from 6
//! to 6"), a doubled word ("DEFEND: DEFEND:"), a plural that disagrees with its number ("1 more
//! cards", "2 token"), or an empty name ("()", a double space). The button labels of every legal
//! action are held to the same checks in the random bot's games.
//!
//! That every event kind *has* words is the compiler's job: `engine::words::log` matches every
//! variant of `Event` by name, with no catch-all. This test checks what the words say.

mod common;
use common::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use unbroken::engine::event::Deck;
use unbroken::engine::{apply, legal_actions, words, Action, Difficulty, Event, Game};
use unbroken::sim::{Bot, Brain, RandomBot, SmartBot, DEFAULT_SAMPLES};

const CHARACTERS: [&str; 4] = ["sneak", "sage", "hunter", "brawler"];
const DIFFICULTIES: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

/// Nouns the words count, singular and plural.
const NOUNS: [(&str, &str); 6] = [
    ("card", "cards"),
    ("token", "tokens"),
    ("round", "rounds"),
    ("turn", "turns"),
    ("wound", "wounds"),
    ("skill", "skills"),
];

/// The variant's name, from its Debug form ("TimeChanged { from: 3, to: 2 }" → "TimeChanged").
fn kind(e: &Event) -> String {
    format!("{e:?}")
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect()
}

/// A word without the punctuation around it, for comparisons.
fn bare(w: &str) -> &str {
    w.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Every defect the line shows (empty when it reads cleanly).
fn defects(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    if line.trim().is_empty() {
        return vec!["the line is empty".into()];
    }
    for bad in [
        "()", "  ", " .", " ,", " :", "{", "}", "::", "Some(", "None", "..",
    ] {
        if line.contains(bad) {
            out.push(format!("contains {bad:?}"));
        }
    }
    if !line.ends_with(['.', '!', ')']) {
        out.push("does not end a sentence".into());
    }
    let w: Vec<&str> = line.split_whitespace().collect();
    for i in 0..w.len() {
        let next = |k: usize| w.get(i + k).map(|x| bare(x)).unwrap_or("");
        let here = bare(w[i]);
        // "DEFEND: DEFEND:", "the the" (not a list's "Dice with the Dead, Dead Adventurer")
        if !here.is_empty()
            && !w[i].ends_with([',', ';'])
            && here.chars().all(char::is_alphabetic)
            && here.eq_ignore_ascii_case(next(1))
        {
            out.push(format!("doubled word {here:?}"));
        }
        // "Time 12 → 12", "from 6 to 6", "rolls 4, modified to 4"
        if w[i] == "→" && i > 0 && bare(w[i - 1]) == next(1) {
            out.push(format!("no-op change {} → {}", w[i - 1], w[i + 1]));
        }
        if here == "from" && next(2) == "to" && next(1) == next(3) && !next(1).is_empty() {
            out.push(format!("no-op change from {} to {}", next(1), next(3)));
        }
        if here == "modified" && next(1) == "to" && i > 0 && bare(w[i - 1]) == next(2) {
            out.push(format!("no-op change {} modified to {}", w[i - 1], next(2)));
        }
        // "1 more cards", "2 token"
        if let Ok(n) = here.parse::<u32>() {
            if w[i] != here && !w[i].ends_with(['.', ',', ':', ';']) {
                continue; // part of a sum or a ratio ("5 + 1 = 6"), not a count
            }
            let noun = if next(1) == "more" { next(2) } else { next(1) };
            for (one, many) in NOUNS {
                if n == 1 && noun == many {
                    out.push(format!("\"1 {many}\""));
                }
                if n != 1 && noun == one {
                    out.push(format!("\"{n} {one}\""));
                }
            }
        }
    }
    out
}

/// What the games met: lines read per event kind, and every defect with its line.
#[derive(Default)]
struct Reader {
    kinds: BTreeMap<String, usize>,
    labels: usize,
    defects: Vec<String>,
}

impl Reader {
    fn events(&mut self, g: &Game, events: &[Event]) {
        for e in events {
            let k = kind(e);
            *self.kinds.entry(k.clone()).or_default() += 1;
            match (e, words::event(g.db(), g.state(), e)) {
                (Event::TimeChanged { from, to }, _) if from == to => self
                    .defects
                    .push(format!("{k}: the engine emitted a no-op change {e:?}")),
                (Event::RollChanged { from, to }, _) if from == to => self
                    .defects
                    .push(format!("{k}: the engine emitted a no-op change {e:?}")),
                // An unmodified roll is told by the MonsterActs line that follows it.
                (Event::CombatRolled { roll }, None) if roll.modifiers.is_empty() => {}
                (_, None) => self.defects.push(format!("{k}: no line for {e:?}")),
                (_, Some(line)) => {
                    for d in defects(&line) {
                        self.defects.push(format!("{k}: {d}: {line:?}"));
                    }
                }
            }
        }
    }

    fn labels(&mut self, g: &Game) {
        for a in legal_actions(g) {
            let label = words::action(g.db(), g.state(), &a);
            self.labels += 1;
            let label_as_sentence = format!("{label}.");
            for d in defects(&label_as_sentence) {
                self.defects.push(format!("label of {a:?}: {d}: {label:?}"));
            }
        }
    }

    /// Plays one game with `bot`, reading every event (and, if asked, every label).
    fn play(&mut self, seed: u64, n: usize, bot: &mut dyn Bot, labels: bool) {
        let ch = CHARACTERS[n % 4];
        let difficulty = DIFFICULTIES[n / 4 % 3];
        let (mut g, events) = Game::new(setup(ch, difficulty, seed), db()).expect("setup");
        self.events(&g, &events);
        for step in 0..2000 {
            if labels {
                self.labels(&g);
            }
            let legal = legal_actions(&g);
            if g.is_over() || legal.is_empty() {
                break;
            }
            // Now and then the player takes a decision back (the bots never do), so Undone is read.
            let a = if labels && step % 9 == 8 && legal.contains(&Action::Undo) {
                Action::Undo
            } else {
                bot.choose(&g, &legal)
            };
            let events = apply(&mut g, a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
            self.events(&g, &events);
        }
    }

    fn verdict(&self, what: &str) {
        let seen: Vec<_> = self.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        eprintln!(
            "{what}: {} event kinds, {} labels read: {seen:?}",
            self.kinds.len(),
            self.labels
        );
        assert!(
            self.defects.is_empty(),
            "{what}: {} defects, the first: {:#?}",
            self.defects.len(),
            &self.defects[..self.defects.len().min(20)]
        );
        assert!(
            self.kinds.len() >= 40,
            "{what}: only {} event kinds met: {seen:?}",
            self.kinds.len()
        );
    }
}

/// 300 games of the random bot (with a decision taken back now and then), every event and every
/// legal action's label read. Between them the two bots meet 60 of the 63 kinds of event; the
/// box's cards never grant a battle roll bonus or a weapon of choice, and a deck rarely runs out:
/// those three are read in [`the_kinds_the_games_do_not_meet_read_cleanly`].
#[test]
fn the_random_bot_s_games_read_cleanly() {
    let mut r = Reader::default();
    for n in 0..300 {
        let seed = 0x10_0000 + n as u64;
        r.play(seed, n, &mut RandomBot::new(seed), true);
    }
    r.verdict("random bot");
}

/// 200 games of the smart bot (which reaches the later levels, their monsters and skills), every
/// event read.
#[test]
fn the_smart_bot_s_games_read_cleanly() {
    let brain = Arc::new(Brain::new(db()));
    let mut r = Reader::default();
    for n in 0..200 {
        let seed = 0x20_0000 + n as u64;
        let mut bot =
            SmartBot::with_settings(brain.clone(), seed, DEFAULT_SAMPLES, Default::default());
        r.play(seed, n, &mut bot, false);
    }
    r.verdict("smart bot");
}

/// The three kinds of event the bots' games do not meet, read in a game's position.
#[test]
fn the_kinds_the_games_do_not_meet_read_cleanly() {
    let g = new_game("sage", Difficulty::Normal, 7);
    let mut r = Reader::default();
    r.events(
        &g,
        &[
            Event::BattleRollBonus { bonus: 1 },
            Event::BattleRollBonus { bonus: -2 },
            Event::Reshuffled {
                deck: Deck::Encounter,
            },
            Event::Reshuffled { deck: Deck::Skill },
            Event::WeaponTaken { from: 1, to: 2 },
        ],
    );
    assert!(r.defects.is_empty(), "{:#?}", r.defects);
}

/// The checks themselves catch what they are for.
#[test]
fn the_checks_catch_the_defects_they_name() {
    for bad in [
        "Time 12 → 12.",
        "The roll changes from 6 to 6.",
        "The monster rolls 4, modified to 4: MISS.",
        "The monster rolls 3: DEFEND: DEFEND: the attack is ignored.",
        "The next exploration reveals 1 more cards.",
        "Paralyzed now has 2 token.",
        "Paid 1 Food ().",
        "Lost  1 Food.",
    ] {
        assert!(!defects(bad).is_empty(), "{bad:?} passed");
    }
    for good in [
        "Time 12 → 11.",
        "The roll: 3 + 1 (Crazed Survivor) − 1 (Dodge) = 3.",
        "The next exploration reveals 1 more card.",
        "Paralyzed now has 2 tokens.",
        "Level 1 begins with 7 Time.",
        "Revealed: Dice with the Dead, Dead Adventurer.",
    ] {
        assert!(defects(good).is_empty(), "{good:?}: {:?}", defects(good));
    }
}

/// Lines that once read oddly: a blow that breaks no Armor, a loss the rules themselves take
/// (the line before says why), an effect skipped while the rest of its list applies, and a
/// shared deal named by who plays it, which side and how hard.
#[test]
fn plain_words_for_odd_lines() {
    let d = db();
    let g = new_game("sneak", Difficulty::Normal, 7);
    let s = g.state();
    let line = |e: Event| words::event(&d, s, &e).expect("a line");
    assert_eq!(
        line(Event::ArmorBroken { amount: 0, left: 1 }),
        "No Armor broken; 1 left."
    );
    assert_eq!(
        line(Event::ArmorBroken { amount: 2, left: 0 }),
        "Broke 2 Armor; 0 left."
    );
    let lost = unbroken::engine::res::Bundle::of(unbroken::engine::res::Res::Small, 1);
    assert_eq!(
        line(Event::Lost {
            source: unbroken::engine::Source::Rules,
            lost
        }),
        "Lost 1 Small Effort."
    );
    assert_eq!(
        line(Event::NothingHappens),
        "That cannot apply, so it is skipped."
    );
    let deal = words::deal(&d, &s.setup);
    let side = d
        .character(s.character)
        .and_then(|c| c.sides.first())
        .map(|x| x.name.clone())
        .expect("a side");
    assert_eq!(deal, format!("{side} the Sneak (first side), Normal"));
}
