//! `snl presets`.

use serde_json::Value;

use crate::ok;

#[test]
fn lists_every_preset_with_its_source() {
    let v: Value = serde_json::from_str(&ok(&["presets", "--json"], None)).unwrap();
    let presets = v["presets"].as_array().unwrap();
    assert!(presets.len() >= 2);
    let mb = presets
        .iter()
        .find(|p| p["name"] == "milton-bradley")
        .expect("the Milton Bradley board is a preset");
    assert_eq!(mb["squares"], 100);
    assert_eq!(mb["ladders"], 9);
    assert_eq!(mb["snakes"], 10);
    let text = ok(&["presets"], None);
    for p in presets {
        let name = p["name"].as_str().unwrap();
        assert!(
            !p["source"].as_str().unwrap().is_empty(),
            "{name} has a source"
        );
        assert!(text.contains(&format!("{name}: {}", p["title"].as_str().unwrap())));
        // Every preset can be solved.
        let solved: Value =
            serde_json::from_str(&ok(&["solve", "--json", "--preset", name], None)).unwrap();
        assert_eq!(solved["board"], name);
        assert!(solved["min_rolls"].is_number(), "{name}");
    }
}
