// `form = T` takes a type deriving `ElicitationForm`; a tool's arguments are not one.
use mcpdesc_runtime::elicitation;

#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct AssignArgs {
    pub issue: u32,
}

#[elicitation(name = "assignee", form = AssignArgs, message = "Who should own it?")]
fn assign_issue() {}

fn main() {
    assign_issue();
}
