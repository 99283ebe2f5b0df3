// A `#[non_exhaustive]` form's generated `...Choices` and `...Defaults` types are non-exhaustive
// too (their members follow the form's fields): another crate cannot build them as literals.
use mcpdesc_runtime::choices::ChoiceList;
use mcpdesc_tests::upstream::{SurveyDefaults, SurveyChoices};

fn main() {
    let _ = SurveyChoices {
        pick: ChoiceList::untitled(["a", "b"]),
        defaults: SurveyDefaults::default(),
    };
    let _ = SurveyDefaults {
        pick: None,
        ..SurveyDefaults::default()
    };
    // What another crate can do: set the defaults' members on their `Default`.
    let mut defaults = SurveyDefaults::default();
    defaults.note = Some("prefilled".to_owned());
}
