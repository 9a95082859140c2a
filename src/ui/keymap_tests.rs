//! The keymap table's tests: the help text is the bindings, remapping moves a key, single keys
//! can be turned off.

use super::*;

#[test]
fn digits_take_choices_and_zero_is_ten() {
    let k = Keymap::new(&Settings::default());
    assert_eq!(k.lookup("3", false, Place::Game), Some(Choice(3)));
    assert_eq!(k.lookup("0", false, Place::Choices), Some(Choice(10)));
    assert_eq!(event_key("!", "Digit1", true), "Shift+1");
    assert_eq!(
        k.lookup(&event_key("!", "Digit1", true), false, Place::Game),
        Some(Choice(11))
    );
    assert_eq!(choice_key_label(&k, 11).as_deref(), Some("⇧1"));
    assert_eq!(choice_key_label(&k, 10).as_deref(), Some("0"));
    assert_eq!(choice_key_label(&k, 16), None);
    assert_eq!(
        k.lookup("3", true, Place::Game),
        None,
        "Ctrl+3 is the browser's"
    );
    assert_eq!(k.lookup("3", false, Place::TextField), None, "typing wins");
}

#[test]
fn arrows_work_only_on_the_choices() {
    let k = Keymap::new(&Settings::default());
    assert_eq!(k.lookup("ArrowRight", false, Place::Choices), Some(Next));
    assert_eq!(k.lookup("ArrowUp", false, Place::Choices), Some(Prev));
    assert_eq!(k.lookup("End", false, Place::Choices), Some(Last));
    assert_eq!(k.lookup("ArrowRight", false, Place::Game), None);
}

#[test]
fn shift_letters_read_the_same_command() {
    let k = Keymap::new(&Settings::default());
    assert_eq!(k.lookup("M", false, Place::Game), Some(Read(R::Monster)));
    assert_eq!(k.lookup("m", false, Place::Game), Some(Read(R::Monster)));
}

#[test]
fn help_text_equals_the_bindings() {
    let k = Keymap::new(&Settings::default());
    let text = k.help_text(Place::Game);
    let lines: Vec<&str> = text.lines().collect();
    // The choices' keys as two lines, then one line for every other binding.
    assert_eq!(
        lines[0],
        "1 2 3 4 5 6 7 8 9 0: Take choice 1 to 10, by its number"
    );
    assert_eq!(
        lines[1],
        "Shift+1 Shift+2 Shift+3 Shift+4 Shift+5: Take choice 11 to 15, by its number"
    );
    let others: Vec<&Entry> = TABLE
        .iter()
        .filter(|e| !matches!(e.command, Choice(_)))
        .collect();
    assert_eq!(lines.len(), 2 + others.len(), "one line a binding");
    for (line, e) in lines[2..].iter().zip(&others) {
        let keys: Vec<&str> = e.keys.iter().map(|k| key_name(k)).collect();
        assert_eq!(*line, format!("{}: {}", keys.join(" or "), e.what));
    }
    // And the handler answers every key of the table, where the help says.
    for e in TABLE {
        let place = match e.scope {
            Scope::Game => Place::Game,
            Scope::Choices => Place::Choices,
        };
        for key in e.keys {
            assert_eq!(k.lookup(key, false, place), Some(e.command), "{key}");
            assert!(text.contains(key_name(key)), "{key} is in the help");
        }
    }
    assert!(text.contains("? or F1: List the keys"));
}

#[test]
fn a_remapped_key_works_and_the_old_one_does_not() {
    let mut s = Settings::default();
    s.remap.insert("monster".into(), "N".into());
    let k = Keymap::new(&s);
    assert_eq!(k.lookup("n", false, Place::Game), Some(Read(R::Monster)));
    assert_eq!(k.lookup("m", false, Place::Game), None);
    assert!(k.help_text(Place::Game).contains("n: Say the monster"));
    assert_eq!(k.shortcuts(Read(R::Monster)), "n");
    // Taking another command's key moves it: `u` now reads the monster, nothing undoes.
    s.remap.insert("monster".into(), "u".into());
    let k = Keymap::new(&s);
    assert_eq!(k.lookup("u", false, Place::Game), Some(Read(R::Monster)));
    assert_eq!(k.shortcuts(Undo), "");
    assert!(!k.help_text(Place::Game).contains("Undo"));
}

#[test]
fn single_keys_can_be_turned_off() {
    let s = Settings {
        single_keys: false,
        ..Settings::default()
    };
    let k = Keymap::new(&s);
    assert_eq!(k.lookup("1", false, Place::Choices), None);
    assert_eq!(k.lookup("Shift+1", false, Place::Choices), None);
    assert_eq!(k.lookup("h", false, Place::Game), None);
    assert_eq!(k.lookup("F1", false, Place::Game), Some(Help));
    assert_eq!(k.lookup("ArrowDown", false, Place::Choices), Some(Next));
    assert_eq!(k.shortcuts(Help), "F1");
    assert!(!k.help_text(Place::Game).contains("Take choice"));
}

#[test]
fn the_help_on_the_choices_lists_the_arrows_and_elsewhere_everything() {
    let k = Keymap::new(&Settings::default());
    assert!(k
        .help_text(Place::Choices)
        .contains("Right arrow or Down arrow: Next choice"));
    assert_eq!(k.help(Place::TextField), Vec::new());
}

#[test]
fn settings_read_back_with_defaults_for_missing_fields() {
    let s: Settings = serde_json::from_str(r#"{"verbosity":"Outcomes"}"#).unwrap();
    assert_eq!(s.verbosity, Verbosity::Outcomes);
    assert!(s.single_keys);
    let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
}
