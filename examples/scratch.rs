fn main() {
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).unwrap();
        let v: serde_json::Value = if f.ends_with(".yaml") {
            mcpdesc_runtime::yaml::from_str(&text).unwrap()
        } else {
            serde_json::from_str(&text).unwrap()
        };
        println!("== {f}\n{}", mcpdesc_runtime::validate::validate(&v));
    }
}
