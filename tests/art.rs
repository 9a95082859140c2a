//! The art of scripts/make-art.py is complete: static/art/ has a drawing (an SVG `<symbol>`
//! with the id `art-` and the card's id) for every character, monster and weapon of the
//! content, an icon for every resource and tracker, and each sheet is small enough to load on a
//! phone. The page copies the symbols into itself (static/boot.js), so they carry no `style`
//! attribute (the page's Content-Security-Policy refuses inline styles) and every class they use
//! is styled by static/screens.css.

use std::path::Path;
use unbroken::content::CardDb;
use unbroken::engine::res::Res;

fn sheet(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("static/art")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn has(sheet: &str, id: &str) -> bool {
    sheet.contains(&format!("<symbol id=\"art-{id}\""))
}

#[test]
fn every_card_has_its_art() {
    let db = CardDb::builtin().expect("built-in content loads");
    let (chars, monsters, weapons) = (
        sheet("characters.svg"),
        sheet("monsters.svg"),
        sheet("weapons.svg"),
    );
    assert_eq!(db.characters.len(), 4);
    for c in &db.characters {
        assert!(has(&chars, &c.id), "no drawing for character {}", c.id);
    }
    assert_eq!(db.monsters.len(), 24);
    for m in &db.monsters {
        assert!(has(&monsters, &m.id), "no drawing for monster {}", m.id);
    }
    assert_eq!(db.weapons.len(), 7);
    for w in &db.weapons {
        assert!(has(&weapons, &w.id), "no drawing for weapon {}", w.id);
    }
}

#[test]
fn every_resource_and_tracker_has_an_icon() {
    let icons = sheet("icons.svg");
    // The icon ids are the engine's resource names (src/ui/widgets/icon.rs relies on it).
    for r in Res::ALL {
        let id = format!("{r:?}").to_ascii_lowercase();
        assert!(has(&icons, &id), "no icon for {id}");
    }
    for id in ["armor", "health"] {
        assert!(has(&icons, id), "no icon for {id}");
    }
}

#[test]
fn sheets_stay_small() {
    // The icons and character emblems are part of the first download (250 KB gzip in all).
    assert!(sheet("icons.svg").len() < 8_000);
    assert!(sheet("characters.svg").len() < 6_000);
    assert!(sheet("monsters.svg").len() < 40_000);
    assert!(sheet("weapons.svg").len() < 8_000);
}

#[test]
fn sheets_can_be_copied_into_the_page() {
    let css =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("static/screens.css"))
            .expect("static/screens.css");
    for name in ["icons.svg", "characters.svg", "monsters.svg", "weapons.svg"] {
        let text = sheet(name);
        assert!(!text.contains("style="), "{name} has a style attribute");
        for class in text.split("class=\"").skip(1) {
            let class = class.split('"').next().unwrap_or_default();
            for c in class.split_whitespace() {
                assert!(
                    css.contains(&format!(".{c} {{")),
                    "{name}: no rule for .{c} in screens.css"
                );
            }
        }
    }
}
