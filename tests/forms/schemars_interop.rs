//! With the `schemars` feature a derived form is also a `schemars::JsonSchema` with the same
//! restricted schema.

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use schemars::JsonSchema;

#[derive(ElicitationForm)]
struct Assign {
    /// Teammate login.
    assignee: String,
    #[form(default = [Label::Bug])]
    labels: Vec<Label>,
}

#[derive(ElicitationEnum)]
enum Label {
    Bug,
}

fn schema_of<T: JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap()
}

#[test]
fn json_schema_is_the_restricted_schema() {
    assert_eq!(<Assign as JsonSchema>::schema_name(), "Assign");
    let from_schemars = schema_of::<Assign>();
    let wire = Assign::requested_schema().to_value();
    // `schema_for!` makes a root document: schemars itself adds exactly a root `$schema` and a
    // root `title` (which is why the wire schema comes from `requested_schema()`, not from it).
    let mut root = from_schemars.as_object().unwrap().clone();
    assert_eq!(root.remove("title"), Some("Assign".into()));
    assert!(root.remove("$schema").is_some());
    assert_eq!(serde_json::Value::Object(root), wire);
}

#[test]
fn usable_as_a_field_schema() {
    let mut generator = schemars::SchemaGenerator::default();
    let inline = <Assign as JsonSchema>::json_schema(&mut generator);
    assert_eq!(inline.as_value(), &Assign::requested_schema().to_value());
}
