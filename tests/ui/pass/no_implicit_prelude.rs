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

fn main() {
    let _ = <Assign as ::mcpdesc_runtime::ElicitationForm>::requested_schema();
    let _ = <Empty as ::mcpdesc_runtime::ElicitationForm>::PROTOCOL_VERSIONS;
}
