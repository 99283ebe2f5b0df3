#![no_implicit_prelude]

// Generated code names everything by absolute path, so it compiles without the prelude.

#[derive(::mcpdesc_runtime::ElicitationForm)]
struct Assign {
    /// Teammate login.
    #[form(min_length = 1, default = "octocat")]
    assignee: ::std::string::String,
    cc: ::std::option::Option<::std::string::String>,
    #[form(minimum = 1, maximum = 10, default = 3)]
    estimate: u8,
    priority: Priority,
    #[form(default = [Label::Bug])]
    labels: ::std::vec::Vec<Label>,
    // Not asked: read as its `Default`.
    #[form(skip)]
    seen: ::std::vec::Vec<::std::string::String>,
}

#[derive(::mcpdesc_runtime::ElicitationEnum, PartialEq, Eq, PartialOrd, Ord)]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}

#[derive(::mcpdesc_runtime::ElicitationEnum)]
enum Label {
    Bug,
    Feature,
}

#[derive(::mcpdesc_runtime::ElicitationForm)]
struct Empty {}

// A form with run-time parts: its generated `...Choices` / `...Defaults` types and impls too.
#[derive(::mcpdesc_runtime::ElicitationForm)]
struct Pick {
    #[form(runtime_choices)]
    assignee: ::std::string::String,
    #[form(runtime_choices)]
    watchers: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
    note: ::std::option::Option<::std::string::String>,
}

fn main() {
    let _ = <Assign as ::mcpdesc_runtime::ElicitationForm>::requested_schema();
    let _ = <Empty as ::mcpdesc_runtime::ElicitationForm>::PROTOCOL_VERSIONS;
    let fill = PickChoices {
        assignee: ::mcpdesc_runtime::choices::ChoiceList::untitled(["ann"]),
        watchers: ::mcpdesc_runtime::choices::ChoiceList::untitled(["ben"]),
        defaults: <PickDefaults as ::std::default::Default>::default(),
    };
    let _ = ::mcpdesc_runtime::choices::FormChoices::prepare(fill, ::std::option::Option::None);
}
