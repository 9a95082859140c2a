//! The page's views never build Yew's `Classes`: `html!` turns every non-literal `class={…}`
//! (and `classes!`) into that hashed set of names, whose code cost the first download about
//! 4 KB gzip. An element whose class changes is written once per look with a literal class, or
//! given its class by `ui::widgets::class::classed` (which says how).

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn views_set_changing_classes_without_yews_classes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 50, "found only {} Rust files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("class={") || code.contains("classes!") || code.contains("Classes") {
                found.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "write a literal class per look, or use ui::widgets::class::classed:\n{}",
        found.join("\n")
    );
}
