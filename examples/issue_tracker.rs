//! The main job: an issue-tracker MCP server whose elicitations are declared in code, checked at
//! compile time, and written into its MCP Description.
//!
//! ```text
//! cargo run --example issue_tracker -- describe [--format yaml|json] [--out FILE]
//! ```
//!
//! The checked-in `examples/issue_tracker.mcpdesc.yaml` is this program's output; a test fails
//! when it is stale.

#![allow(dead_code)] // The server's methods are declared, not served, in this example.

use std::collections::BTreeSet;
use std::process::ExitCode;

use mcpdesc_runtime::description::{
    BuildError, Description, Info, Prompt, PromptArgument, ResourceTemplate, Tool,
};
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ProtocolVersion, elicitation};
use schemars::JsonSchema;
use serde::Deserialize;

// ---------------------------------------------------------------------------------------------
// Forms

/// Who should own an issue.
#[derive(ElicitationForm, Debug)]
pub struct Assign {
    /// Login of the teammate who will own the issue.
    #[form(title = "Assignee", min_length = 1, max_length = 39)]
    pub assignee: String,
    /// How urgent the issue is.
    #[form(title = "Priority")]
    pub priority: Option<Severity>,
    /// Notify the new owner by e-mail.
    #[form(title = "Notify", default = true)]
    pub notify: bool,
}

/// How urgent an issue is (the legacy titled enum, which MCP 2025-06-18 understands).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[form(legacy_enum_names, rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    #[form(title = "Low: whenever there is time")]
    Low,
    #[form(title = "Normal")]
    Normal,
    #[form(title = "Urgent: drop everything")]
    Urgent,
}

/// How to triage a new issue: labels, a kind and an estimate.
#[derive(ElicitationForm, Debug)]
pub struct Triage {
    /// Labels to apply.
    #[form(title = "Labels", min_items = 1, max_items = 3, default = [Label::Bug])]
    pub labels: BTreeSet<Label>,
    /// What kind of work this is.
    #[form(title = "Kind", default = Kind::Defect)]
    pub kind: Kind,
    /// Story points, on the team's scale.
    #[form(title = "Estimate", minimum = 1, maximum = 13, default = 3)]
    pub estimate: u8,
    /// When it is due, if ever.
    #[form(title = "Due date", format = "date")]
    pub due: Option<String>,
}

/// Issue labels (untitled: the values are shown as they are).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[form(rename_all = "kebab-case")]
pub enum Label {
    Bug,
    Docs,
    GoodFirstIssue,
    Performance,
}

/// Kinds of work (titled: a `oneOf` single-select).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "snake_case")]
pub enum Kind {
    #[form(title = "Defect")]
    Defect,
    #[form(title = "Feature request")]
    FeatureRequest,
    #[form(title = "Chore")]
    Chore,
}

/// A yes/no confirmation, shared by the destructive tools.
#[derive(ElicitationForm, Debug)]
pub struct Confirm {
    /// Go ahead with the change.
    #[form(title = "Confirm")]
    pub confirm: bool,
    /// Why, for the audit log.
    #[form(title = "Reason", max_length = 200)]
    pub reason: Option<String>,
}

/// Which release the notes are for.
#[derive(ElicitationForm, Debug)]
pub struct ReleaseChoice {
    /// The release channel.
    #[form(title = "Channel")]
    pub channel: Channel,
    /// Include internal changes.
    #[form(title = "Include internal changes", default = false)]
    pub internal: bool,
}

/// Release channels (untitled single-select).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
pub enum Channel {
    Stable,
    Beta,
    Nightly,
}

// ---------------------------------------------------------------------------------------------
// Tool arguments (schemars)

/// Arguments of `create_issue`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateIssueArgs {
    /// The issue title.
    pub title: String,
    /// The issue body, in Markdown.
    pub body: Option<String>,
}

/// Arguments of the tools that act on one issue.
#[derive(Deserialize, JsonSchema)]
pub struct IssueArgs {
    /// The issue number.
    pub issue: u64,
}

/// Arguments of `link_repository`.
#[derive(Deserialize, JsonSchema)]
pub struct LinkArgs {
    /// The repository, as `owner/name`.
    pub repository: String,
}

// ---------------------------------------------------------------------------------------------
// The server

/// The issue-tracker server. Its methods are the MCP primitives; the `#[elicitation]`
/// attributes declare where each may stop to ask the user.
pub struct IssueTracker;

impl IssueTracker {
    /// `create_issue`: triage is asked for when the caller gave no labels.
    #[elicitation(
        name = "triage",
        form = Triage,
        message = "How should this issue be triaged?",
        when = "The issue was created without labels.",
        on_decline = "Create the issue untriaged.",
        on_cancel = "Create the issue untriaged.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    pub async fn create_issue(&self, args: CreateIssueArgs) -> u64 {
        args.title.len() as u64
    }

    /// `assign_issue`: asks who should own the issue.
    #[elicitation(
        name = "choose_assignee",
        form = Assign,
        message = "Who should own this issue?",
        when = "No assignee was supplied.",
        on_decline = "Leave the issue unassigned.",
        on_cancel = "Abort without modifying the issue.",
    )]
    pub async fn assign_issue(&self, args: IssueArgs) -> bool {
        args.issue > 0
    }

    /// `close_issue`: confirms before closing.
    #[elicitation(
        name = "confirm_close",
        form = Confirm,
        message = "Close this issue?",
        on_decline = "Keep the issue open.",
    )]
    pub fn close_issue(&self, args: IssueArgs) -> bool {
        args.issue > 0
    }

    /// `delete_issue`: confirms before deleting, with the same form as `close_issue`.
    #[elicitation(
        name = "confirm_delete",
        form = Confirm,
        message = "Delete this issue permanently? This cannot be undone.",
        on_decline = "Keep the issue.",
        on_cancel = "Keep the issue.",
    )]
    pub fn delete_issue(&self, args: IssueArgs) -> bool {
        args.issue > 0
    }

    /// `link_repository`: the user authorizes the tracker on the code host, on its own page.
    #[elicitation(
        name = "authorize_code_host",
        url = "https://tracker.example.com/oauth/code-host/authorize",
        message = "Authorize the issue tracker to read your repositories.",
        when = "The tracker has no grant for the repository's owner.",
        on_decline = "Link nothing.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    pub async fn link_repository(&self, args: LinkArgs) -> bool {
        !args.repository.is_empty()
    }

    /// Reading `tracker://issues/{id}` of a private project asks the user to sign in, on a
    /// page whose URL is made per request.
    #[elicitation(
        name = "sign_in",
        resource_template = "tracker://issues/{id}",
        mode = "url",
        message = "Sign in to read issues of this private project.",
        when = "The issue belongs to a private project and the session is anonymous.",
        on_cancel = "Return the issue's public summary only.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    pub fn read_issue(&self, id: u64) -> String {
        format!("issue {id}")
    }

    /// The `release_notes` prompt asks which release to write about.
    #[elicitation(
        name = "choose_release",
        prompt = "release_notes",
        form = ReleaseChoice,
        message = "Which release are the notes for?",
        when = "No release was named.",
    )]
    pub fn release_notes(&self, release: Option<String>) -> String {
        release.unwrap_or_default()
    }
}

/// The MCP Description of the server, generated from this code.
pub fn description() -> Result<Description, BuildError> {
    // The tools that act on one issue share their arguments.
    let on_issue = |name: &str, description: &str| {
        Tool::new(name)
            .description(description)
            .input_schema_for::<IssueArgs>()
    };
    Description::builder(
        Info::new("issue-tracker", "1.4.0")
            .title("Issue Tracker")
            .description(
                "Create, triage, assign and close issues; link repositories; write release notes.",
            ),
    )
    .protocol_versions([
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ])
    .tool(
        Tool::new("create_issue")
            .description("Create an issue.")
            .input_schema_for::<CreateIssueArgs>(),
    )
    .tool(on_issue("assign_issue", "Assign an issue to a teammate."))
    .tool(on_issue("close_issue", "Close an issue."))
    .tool(on_issue("delete_issue", "Delete an issue permanently."))
    .tool(
        Tool::new("link_repository")
            .description("Link a code repository to the tracker.")
            .input_schema_for::<LinkArgs>(),
    )
    .resource_template(
        ResourceTemplate::new("tracker://issues/{id}", "issue")
            .description("One issue, as Markdown.")
            .mime_type("text/markdown"),
    )
    .prompt(
        Prompt::new("release_notes")
            .description("Draft release notes from the closed issues of a release.")
            .argument(PromptArgument::new("release").description("The release tag.")),
    )
    .registered_elicitations()
    .build()
}

fn usage() -> ExitCode {
    eprintln!("usage: issue_tracker describe [--format yaml|json] [--out FILE]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some("describe") {
        return usage();
    }
    let mut format = "yaml".to_owned();
    let mut out = None;
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--format", Some(f)) if f == "yaml" || f == "json" => format = f,
            ("--out", Some(path)) => out = Some(path),
            _ => return usage(),
        }
    }
    let description = match description() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let text = if format == "json" {
        description.to_json_pretty()
    } else {
        description.to_yaml()
    };
    match out {
        Some(path) => match std::fs::write(&path, text) {
            Ok(()) => {
                eprintln!("wrote {path}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cannot write {path}: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}
