//! The main job: an issue-tracker MCP server written the ordinary rmcp way, whose elicitations
//! are declared next to its tools, prompts and resource templates, checked at compile time,
//! asked at run time in one line, and written into its MCP Description.
//!
//! ```text
//! cargo run --example issue_tracker -- describe [--format yaml|json] [--out FILE]
//! cargo run --example issue_tracker -- serve      # MCP over stdio
//! ```
//!
//! `describe` prints the description built from the server's own routers
//! (`ToolRouter::list_all()`, `PromptRouter::list_all()`), its resource templates and its
//! `#[elicitation]` declarations; the checked-in `examples/issue_tracker.mcpdesc.yaml` is that
//! output, and a test fails when it is stale. `serve` speaks MCP 2025-06-18, 2025-11-25 and
//! 2026-07-28 over stdin/stdout.
//!
//! Every primitive that declares an elicitation asks it when called with only its required
//! arguments:
//!
//! | call | declaration | asked on |
//! |---|---|---|
//! | `create_issue {title}` (no `labels`) | `triage` (form) | 2025-11-25, 2026-07-28 |
//! | `create_issue {title}` (no `assignee`), after `triage` | `choose_owner` (form) | every version |
//! | `assign_issue {issue}` (no `assignee`) | `choose_assignee` (form) | every version |
//! | `edit_issue {issue}` (no `title`) | `edit_title` (form) | every version |
//! | `close_issue {issue}` | `confirm_close` (form) | every version |
//! | `delete_issue {issue}` | `confirm_delete` (form) | every version |
//! | `link_repository {repository}` | `authorize_code_host` (URL) | 2025-11-25, 2026-07-28 |
//! | prompt `release_notes` (no `release`) | `choose_release` (form) | every version |
//! | read `tracker://reports/{period}` | `report_scope` (form) | every version |
//!
//! Each asks through the call's `Asker` with `ask!(asker, Self::HANDLE)`, where the handle is
//! the constant `#[elicitation]` writes beside the function. The server is served as
//! `AskingServer::new(tracker, policy)`: every request is checked against the declarations before it is
//! sent; on 2025-06-18 and 2025-11-25 an `elicitation/create` waits at most ten minutes; on
//! 2026-07-28 the call is answered with an input-required result whose `requestState` is sealed
//! with the key ring in `ISSUE_TRACKER_STATE_KEYS` (a key made for the process when it is not
//! set), bound to the call's arguments, and single-use. `ISSUE_TRACKER_TIMEOUT_MS` sets how long a
//! question waits. Declining and cancelling do what the
//! declaration's `on_decline` / `on_cancel` say. An answer that does not fit the form changes
//! nothing: the tool returns an error result naming every problem.
//!
//! A client that did not declare the mode a question needs is never sent it. A tool whose
//! question is optional goes on without the answer; the confirmations (`close_issue`,
//! `delete_issue`) and the authorization (`link_repository`) change nothing without it. There,
//! on 2026-07-28, where capabilities come with each request, the call is answered with the error
//! "Missing required client capability" (-32021) naming the mode, so the client knows what to
//! declare when it retries; before, the tool returns an error result that says why.
//!
//! Two forms get their choices when they are sent (`mcpdesc_runtime::choices`):
//! `choose_assignee` offers the project's teammates as its choices, with the current assignee as
//! the default, and
//! `edit_title` is prefilled with the issue's current title. The description documents their
//! static shape; an answer outside the teammates sent is a problem like any other (on
//! 2026-07-28 the retried call is checked against the teammates of the round that asked, kept
//! in the sealed `requestState`). MCP 2025-06-18 has defaults on booleans only, so there the
//! prefills are left out; the titled teammates are sent as `enum` with `enumNames`.

use std::collections::{BTreeSet, HashMap};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::process::ExitCode;

use mcpdesc_runtime::choices::ChoiceList;
use mcpdesc_runtime::description::{BuildError, Description, Info, Transport};
use mcpdesc_runtime::registry::FormHandle;
use mcpdesc_runtime::resources::TemplateUri;
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy, PromptReply, RedisSpentStates};
use mcpdesc_runtime::{
    ElicitationEnum, ElicitationForm, ProtocolVersion, ask, elicitation, resource_handler,
    resource_router,
};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptResult, Implementation, PromptMessage,
    ReadResourceResponse, ReadResourceResult, ResourceContents, Role, ServerCapabilities,
    ServerConfig,
};
use rmcp::{
    ErrorData, ServerHandler, ServiceExt, prompt, prompt_handler, prompt_router, tool,
    tool_handler, tool_router,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod http;
mod store;

use store::{Data, Issue};

// ---------------------------------------------------------------------------------------------
// Forms

/// Who should own an issue.
#[derive(ElicitationForm, Debug)]
pub struct Assign {
    /// Login of the teammate who will own the issue: one of the teammates offered when asked.
    #[form(title = "Assignee", runtime_choices)]
    pub assignee: String,
    /// How urgent the issue is.
    #[form(title = "Priority")]
    pub priority: Option<Severity>,
    /// Notify the new owner by e-mail.
    #[form(title = "Notify", default = true)]
    pub notify: bool,
}

/// How urgent an issue is (the legacy titled enum, which MCP 2025-06-18 understands).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(legacy_enum_names, rename_all = "lowercase")]
pub enum Severity {
    #[form(title = "Low: whenever there is time")]
    Low,
    #[form(title = "Normal")]
    Normal,
    #[form(title = "Urgent: drop everything")]
    Urgent,
}

/// A new title for an issue, prefilled with the current one when the form is sent.
#[derive(ElicitationForm, Debug)]
#[form(runtime_defaults)]
pub struct EditTitle {
    /// The issue's title.
    #[form(title = "Title", min_length = 1, max_length = 120)]
    pub title: String,
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

/// What a report covers.
#[derive(ElicitationForm, Debug)]
pub struct ReportScope {
    /// Which issues the report lists.
    #[form(title = "Issues")]
    pub state: IssueState,
    /// Name each issue's assignee.
    #[form(title = "Include assignees", default = true)]
    pub assignees: bool,
}

/// Which issues a report lists (untitled single-select).
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
pub enum IssueState {
    Open,
    Closed,
    All,
}

// ---------------------------------------------------------------------------------------------
// Arguments (schemars + serde, as rmcp's `Parameters` wants them)

/// Arguments of `create_issue`.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct CreateIssueArgs {
    /// The issue title.
    pub title: String,
    /// The issue body, in Markdown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Labels to apply; without them the user is asked to triage the issue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
    /// The teammate who owns the issue; without it the user is asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignee: Option<String>,
    /// Custom fields, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<HashMap<String, String>>,
}

/// Arguments of `assign_issue`.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct AssignArgs {
    /// The issue number.
    pub issue: u64,
    /// The teammate's login; without it the user is asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignee: Option<String>,
}

/// Arguments of `edit_issue`.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct EditArgs {
    /// The issue number.
    pub issue: u64,
    /// The new title; without it the user is asked, the current title prefilled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// Arguments of `add_teammate`.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct TeammateArgs {
    /// The teammate's login.
    pub login: String,
    /// The teammate's display name.
    pub name: String,
}

/// Arguments of the tools that act on one issue.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct IssueArgs {
    /// The issue number.
    pub issue: u64,
}

/// Arguments of `link_repository`.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct LinkArgs {
    /// The repository, as `owner/name`.
    pub repository: String,
}

/// Arguments of the `release_notes` prompt.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct ReleaseNotesArgs {
    /// The release tag; without it the user is asked for a channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// The server's state

/// The issue tracker: its data, in memory or in a shared store. Its tools, prompt and resource
/// template are routed by `Self::tool_router()`, `Self::prompt_router()` and
/// `Self::resource_router()`.
#[derive(Clone)]
pub struct IssueTracker {
    data: Data,
}

impl Default for IssueTracker {
    fn default() -> Self {
        Self::new()
    }
}

fn text(message: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(message.into())]).into()
}

fn failure(message: impl Into<String>) -> CallToolResponse {
    CallToolResult::error(vec![ContentBlock::text(message.into())]).into()
}

impl IssueTracker {
    /// A tracker in memory with three open issues, #1 to #3 (#1 assigned to `hubot`), and
    /// three teammates.
    pub fn new() -> Self {
        Self::with_data(Data::memory())
    }

    /// A tracker whose data is `data` (a shared store, for replicas).
    pub fn with_data(data: Data) -> Self {
        IssueTracker { data }
    }

    /// The issue numbered `number`, or the error that there is none.
    /// The issue `number`, or the tool result that says there is none: a number the schema
    /// allows that names no issue is the tool's own error (`isError`), not invalid params.
    async fn check_issue(&self, number: u64) -> Result<Result<Issue, CallToolResponse>, ErrorData> {
        Ok(self
            .data
            .issue(number)
            .await?
            .ok_or_else(|| failure(format!("There is no issue #{number}. Nothing was changed."))))
    }
}

#[tool_router]
impl IssueTracker {
    /// Create an issue. Without `labels`, the user is asked to triage it; without `assignee`,
    /// who owns it: two questions in one call.
    #[elicitation(
        name = "triage",
        form = Triage,
        message = "How should this issue be triaged?",
        when = "The issue was created without labels.",
        on_decline = "Create the issue untriaged.",
        on_cancel = "Create the issue untriaged.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    #[elicitation(
        name = "choose_owner",
        form = Assign,
        message = "Who should own the new issue?",
        when = "The issue was created without an assignee.",
        on_decline = "Leave the new issue unassigned.",
        on_cancel = "Leave the new issue unassigned.",
    )]
    #[tool(description = "Create an issue.")]
    async fn create_issue(
        &self,
        Parameters(args): Parameters<CreateIssueArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        // What the user's declines and cancels lead to, said before the summary; what the
        // answers give, after it.
        let (mut said, mut details) = (Vec::new(), String::new());
        let labels = match &args.labels {
            Some(labels) => labels.clone(),
            None => match ask!(asker, Self::CREATE_ISSUE_TRIAGE) {
                Ok(Asked::Accepted(t)) => {
                    details = format!(" (kind {:?}, estimate {})", t.kind, t.estimate);
                    t.labels.iter().map(|l| l.value().to_owned()).collect()
                }
                // Triage is optional: a session that cannot be asked gets the issue untriaged.
                Ok(Asked::NotAsked(why)) => {
                    details = format!(" (not triaged: {why})");
                    Vec::new()
                }
                Ok(other) => {
                    said.extend(other.follow_up().map(str::to_owned));
                    Vec::new()
                }
                Err(e) => return Ok(failure(format!("Nothing was changed: {e}"))),
            },
        };
        let team = self.data.team().await?;
        let owner = match &args.assignee {
            Some(login) if team.iter().any(|(l, _)| l == login) => Some(login.clone()),
            Some(login) => {
                return Ok(failure(format!(
                    "{login} is not a teammate. Nothing was changed."
                )));
            }
            None => {
                let choices = AssignChoices {
                    assignee: ChoiceList::titled(team),
                    defaults: AssignDefaults::default(),
                };
                match ask!(asker, Self::CREATE_ISSUE_CHOOSE_OWNER, choices) {
                    Ok(Asked::Accepted(a)) => Some(a.assignee),
                    Ok(Asked::NotAsked(why)) => {
                        details.push_str(&format!(" (not assigned: {why})"));
                        None
                    }
                    Ok(other) => {
                        said.extend(other.follow_up().map(str::to_owned));
                        None
                    }
                    Err(e) => return Ok(failure(format!("Nothing was changed: {e}"))),
                }
            }
        };
        if let Some(fields) = &args.fields {
            details.push_str(&format!(" ({} custom fields)", fields.len()));
        }
        let issue = Issue {
            title: args.title.clone(),
            labels: labels.clone(),
            assignee: owner.clone(),
            open: true,
        };
        let number = self.data.create(issue).await?;
        let summary = format!(
            "Created issue #{number} \"{}\" [{}]{details}",
            args.title,
            labels.join(", ")
        );
        said.push(match &owner {
            Some(login) => format!("{summary}, owned by {login}"),
            None => summary,
        });
        Ok(text(said.join(" ")))
    }

    /// Assign an issue to a teammate. Without `assignee`, the user is asked.
    #[elicitation(
        name = "choose_assignee",
        form = Assign,
        message = "Who should own this issue?",
        when = "No assignee was supplied.",
        on_decline = "Leave the issue unassigned.",
        on_cancel = "Abort without modifying the issue.",
    )]
    #[tool(description = "Assign an issue to a teammate.")]
    async fn assign_issue(
        &self,
        Parameters(args): Parameters<AssignArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        let current = match self.check_issue(args.issue).await? {
            Ok(issue) => issue.assignee,
            Err(none) => return Ok(none),
        };
        let assign = async |login: &str| -> Result<String, ErrorData> {
            let login = login.to_owned();
            self.data
                .update(args.issue, |i| i.assignee = Some(login.clone()))
                .await?;
            Ok(format!("Assigned issue #{} to {login}", args.issue))
        };
        let team = self.data.team().await?;
        if let Some(login) = &args.assignee {
            if !team.iter().any(|(l, _)| l == login) {
                return Ok(failure(format!(
                    "{login} is not a teammate. Nothing was changed."
                )));
            }
            return Ok(text(assign(login).await?));
        }
        // The teammates are the choices, the current assignee the default: both known only now.
        let choices = AssignChoices {
            assignee: ChoiceList::titled(team),
            defaults: AssignDefaults {
                assignee: current,
                ..AssignDefaults::default()
            },
        };
        Ok(
            match ask!(asker, Self::ASSIGN_ISSUE_CHOOSE_ASSIGNEE, choices) {
                Ok(Asked::Accepted(a)) => text(format!(
                    "{} (priority {}, notify {})",
                    assign(&a.assignee).await?,
                    a.priority.map_or("unset", |p| p.value()),
                    a.notify
                )),
                Ok(Asked::NotAsked(why)) => failure(format!(
                    "Cannot ask for an assignee: {why}. Pass `assignee`."
                )),
                Ok(other) => text(other.follow_up().unwrap_or_default()),
                Err(e) => failure(format!("Nothing was changed: {e}")),
            },
        )
    }

    /// Add a teammate: from then on, one of the choices of `choose_assignee`.
    #[tool(description = "Add a teammate to the project.")]
    async fn add_teammate(
        &self,
        Parameters(args): Parameters<TeammateArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        // The team is asked as a choice list, logins the values and names the titles: a name
        // must be one a choice can show, and tell the teammate apart.
        let name = args.name.trim();
        let team = self.data.team().await?;
        if name.is_empty()
            || name.chars().any(char::is_control)
            || team.iter().any(|(_, other)| other == name)
        {
            return Ok(failure(format!(
                "{:?} cannot be added: names are distinct, not blank, and without control characters",
                args.name
            )));
        }
        if args.login.is_empty() || !self.data.add_teammate(&args.login, name).await? {
            return Ok(failure(format!(
                "{:?} cannot be added: logins are distinct and non-empty",
                args.login
            )));
        }
        Ok(text(format!("Added {} to the team", args.login)))
    }

    /// Rename an issue. Without `title`, the user is asked, the current title prefilled.
    #[elicitation(
        name = "edit_title",
        form = EditTitle,
        message = "What should the issue be called?",
        when = "No new title was supplied.",
        on_decline = "Keep the current title.",
        on_cancel = "Abort without modifying the issue.",
    )]
    #[tool(description = "Rename an issue.")]
    async fn edit_issue(
        &self,
        Parameters(args): Parameters<EditArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        let current = match self.check_issue(args.issue).await? {
            Ok(issue) => issue.title,
            Err(none) => return Ok(none),
        };
        let rename = async |title: &str| -> Result<String, ErrorData> {
            let title = title.to_owned();
            self.data
                .update(args.issue, |i| i.title = title.clone())
                .await?;
            Ok(format!("Renamed issue #{} to \"{title}\"", args.issue))
        };
        if let Some(title) = &args.title {
            return Ok(text(rename(title).await?));
        }
        let choices = EditTitleChoices {
            defaults: EditTitleDefaults {
                title: Some(current),
            },
        };
        Ok(match ask!(asker, Self::EDIT_ISSUE_EDIT_TITLE, choices) {
            Ok(Asked::Accepted(edit)) => text(rename(&edit.title).await?),
            Ok(Asked::NotAsked(why)) => {
                failure(format!("Cannot ask for a title: {why}. Pass `title`."))
            }
            Ok(other) => text(other.follow_up().unwrap_or_default()),
            Err(e) => failure(format!("Nothing was changed: {e}")),
        })
    }

    /// Close an issue, after the user confirms.
    #[elicitation(
        name = "confirm_close",
        form = Confirm,
        message = "Close this issue?",
        on_decline = "Keep the issue open.",
    )]
    #[tool(description = "Close an issue.")]
    async fn close_issue(
        &self,
        Parameters(args): Parameters<IssueArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Err(none) = self.check_issue(args.issue).await? {
            return Ok(none);
        }
        // Nothing is closed unconfirmed: on 2026-07-28 a request that lacks form mode is told so.
        if let Some(error) = asker.missing_capability(Self::CLOSE_ISSUE_CONFIRM_CLOSE) {
            return Err(error);
        }
        Ok(match ask!(asker, Self::CLOSE_ISSUE_CONFIRM_CLOSE) {
            Ok(Asked::Accepted(c)) if c.confirm => {
                self.data.update(args.issue, |i| i.open = false).await?;
                fault_point("after-close");
                let reason = c.reason.map(|r| format!(": {r}")).unwrap_or_default();
                text(format!("Closed issue #{}{reason}", args.issue))
            }
            // Not ticked is a decline.
            Ok(Asked::Accepted(_)) => text("Keep the issue open."),
            Ok(Asked::NotAsked(why)) => failure(format!(
                "Cannot ask for confirmation: {why}. Nothing was changed."
            )),
            Ok(other) => text(other.follow_up().unwrap_or("Nothing was changed.")),
            Err(e) => failure(format!(
                "Cannot ask for confirmation: {e}. Nothing was changed."
            )),
        })
    }

    /// Delete an issue permanently, after the user confirms (same form as `close_issue`).
    #[elicitation(
        name = "confirm_delete",
        form = Confirm,
        message = "Delete this issue permanently? This cannot be undone.",
        on_decline = "Keep the issue.",
        on_cancel = "Keep the issue.",
    )]
    #[tool(description = "Delete an issue permanently.")]
    async fn delete_issue(
        &self,
        Parameters(args): Parameters<IssueArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Err(none) = self.check_issue(args.issue).await? {
            return Ok(none);
        }
        if let Some(error) = asker.missing_capability(Self::DELETE_ISSUE_CONFIRM_DELETE) {
            return Err(error);
        }
        Ok(match ask!(asker, Self::DELETE_ISSUE_CONFIRM_DELETE) {
            Ok(Asked::Accepted(c)) if c.confirm => {
                self.data.delete(args.issue).await?;
                text(format!("Deleted issue #{}", args.issue))
            }
            Ok(Asked::Accepted(_)) => text("Keep the issue."),
            Ok(Asked::NotAsked(why)) => failure(format!(
                "Cannot ask for confirmation: {why}. Nothing was changed."
            )),
            Ok(other) => text(other.follow_up().unwrap_or("Nothing was changed.")),
            Err(e) => failure(format!(
                "Cannot ask for confirmation: {e}. Nothing was changed."
            )),
        })
    }

    /// Link a code repository; the user first authorizes the tracker on the code host's page.
    #[elicitation(
        name = "authorize_code_host",
        url = "https://tracker.example.com/oauth/code-host/authorize",
        message = "Authorize the issue tracker to read your repositories.",
        when = "The tracker has no grant for the repository's owner.",
        on_decline = "Link nothing.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    #[tool(description = "Link a code repository to the tracker.")]
    async fn link_repository(
        &self,
        Parameters(args): Parameters<LinkArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        // Nothing is linked without the authorization.
        if let Some(error) = asker.missing_capability(Self::LINK_REPOSITORY_AUTHORIZE_CODE_HOST) {
            return Err(error);
        }
        Ok(
            match ask!(asker, Self::LINK_REPOSITORY_AUTHORIZE_CODE_HOST) {
                Ok(Asked::Accepted(())) => {
                    self.data.link(&args.repository).await?;
                    text(format!(
                        "Linked {} (once the authorization on the code host completes)",
                        args.repository
                    ))
                }
                Ok(Asked::NotAsked(why)) => failure(format!(
                    "Linking needs the user to authorize the tracker on a web page: {why}"
                )),
                Ok(other) => text(other.follow_up().unwrap_or("Nothing was changed.")),
                Err(e) => failure(format!(
                    "Linking needs the user to authorize the tracker on a web page: {e}"
                )),
            },
        )
    }
}

#[prompt_router]
impl IssueTracker {
    /// Draft release notes from the closed issues of a release. Without `release`, the user is
    /// asked which channel to write about.
    #[elicitation(
        name = "choose_release",
        form = ReleaseChoice,
        message = "Which release are the notes for?",
        when = "No release was named.",
    )]
    #[prompt(description = "Draft release notes from the closed issues of a release.")]
    async fn release_notes(
        &self,
        Parameters(args): Parameters<ReleaseNotesArgs>,
        asker: Asker,
    ) -> Result<PromptReply, ErrorData> {
        let about = match &args.release {
            Some(release) => format!("release {release}"),
            None => match ask!(asker, Self::RELEASE_NOTES_CHOOSE_RELEASE) {
                Ok(Asked::Accepted(choice)) => format!(
                    "the latest {:?} release{}",
                    choice.channel,
                    if choice.internal {
                        ", internal changes included"
                    } else {
                        ""
                    }
                ),
                Ok(Asked::NotAsked(why)) => {
                    return Err(ErrorData::invalid_params(
                        format!("Name a `release`: {why}"),
                        None,
                    ));
                }
                Ok(_) => "the latest release".to_owned(),
                Err(e) => {
                    return Err(ErrorData::invalid_params(
                        format!("Nothing was written: {e}"),
                        None,
                    ));
                }
            },
        };
        let closed: Vec<String> = self
            .data
            .issues()
            .await?
            .iter()
            .filter(|(_, i)| !i.open)
            .map(|(n, i)| format!("#{n} {}", i.title))
            .collect();
        let closed = if closed.is_empty() {
            "none".to_owned()
        } else {
            closed.join(", ")
        };
        let message = format!("Write release notes for {about}. Closed issues: {closed}.");
        Ok(
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, message)])
                .with_description("Release notes")
                .into(),
        )
    }
}

/// The variables of `tracker://reports/{period}`.
#[derive(Deserialize)]
pub struct ReportPeriod {
    /// The period the report covers, as the client names it (`2026-q4`).
    pub period: String,
}

#[resource_router]
impl IssueTracker {
    /// A report of the tracker's issues for a period, as Markdown.
    #[resource_template(
        uri = "tracker://reports/{period}",
        name = "report",
        title = "Issue report",
        mime_type = "text/markdown"
    )]
    #[elicitation(
        name = "report_scope",
        form = ReportScope,
        message = "Which issues should the report list?",
        on_decline = "The report lists the open issues.",
        on_cancel = "The report lists the open issues.",
    )]
    async fn read_report(
        &self,
        uri: TemplateUri<ReportPeriod>,
        asker: Asker,
    ) -> Result<ReadResourceResponse, ErrorData> {
        // Declined or cancelled, the report lists the open issues, and says so.
        let (state, assignees, note) = match ask!(asker, Self::READ_REPORT_REPORT_SCOPE) {
            Ok(Asked::Accepted(scope)) => (scope.state, scope.assignees, None),
            Ok(Asked::NotAsked(_)) => (IssueState::Open, true, None),
            Ok(other) => (IssueState::Open, true, other.follow_up()),
            Err(e) => return Err(e.into()),
        };
        let lines: Vec<String> = self
            .data
            .issues()
            .await?
            .iter()
            .filter(|(_, i)| match state {
                IssueState::Open => i.open,
                IssueState::Closed => !i.open,
                IssueState::All => true,
            })
            .map(|(n, i)| {
                let labels = match i.labels.is_empty() {
                    true => String::new(),
                    false => format!(" [{}]", i.labels.join(", ")),
                };
                match (&i.assignee, assignees) {
                    (Some(who), true) => format!("- #{n} {}{labels} ({who})", i.title),
                    _ => format!("- #{n} {}{labels}", i.title),
                }
            })
            .collect();
        let report = format!(
            "# Issues ({}) for {}\n\n{}{}\n",
            state.value(),
            uri.vars.period,
            note.map(|n| format!("{n}\n\n")).unwrap_or_default(),
            if lines.is_empty() {
                "None.".to_owned()
            } else {
                lines.join("\n")
            }
        );
        Ok(ReadResourceResult::new(vec![
            ResourceContents::text(report, uri.uri).with_mime_type("text/markdown"),
        ])
        .into())
    }
}

#[tool_handler]
#[prompt_handler]
#[resource_handler]
impl ServerHandler for IssueTracker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
        .with_server_info(
            Implementation::new("issue-tracker", "1.4.0")
                .with_title("Issue Tracker")
                .with_description(
                    "Create, triage, assign and close issues; link repositories; write release notes and reports.",
                ),
        )
    }
}

/// Ends the process at once at the point `name` when `ISSUE_TRACKER_FAULT` names it: the fault
/// tests kill a replica there (after a change was applied, before the client hears of it).
fn fault_point(name: &str) {
    if std::env::var("ISSUE_TRACKER_FAULT").is_ok_and(|f| f == name) {
        eprintln!("issue_tracker: stopping at the fault point {name}");
        std::process::exit(70);
    }
}

/// The MCP Description of the server, built from its own routers and declarations.
pub fn description() -> Result<Description, BuildError> {
    let builder = Description::builder(Info::from(&IssueTracker::new().get_info()))
        .protocol_versions([
            ProtocolVersion::V2025_06_18,
            ProtocolVersion::V2025_11_25,
            ProtocolVersion::V2026_07_28,
        ]);
    // The two confirmations are asked on every call of their tools, which change nothing
    // without them: their `clientRequirements` record that unconditional minimum (a bare
    // `elicitation`, which every version in scope reads as form mode). `link_repository` asks
    // only when the tracker has no grant, so it records nothing (§12: a conditional
    // declaration never implies a requirement).
    let always_asks = [
        IssueTracker::CLOSE_ISSUE_CONFIRM_CLOSE,
        IssueTracker::DELETE_ISSUE_CONFIRM_DELETE,
    ];
    builder
        .rmcp_tools_with(IssueTracker::tool_router().list_all(), |tool, written| {
            let primitive = |h: &FormHandle<Confirm>| h.declaration().primitive();
            if always_asks
                .iter()
                .any(|h| primitive(h).identity() == tool.name)
            {
                written.client_requirements(serde_json::json!({"elicitation": {}}))
            } else {
                written
            }
        })
        .rmcp_prompts(IssueTracker::prompt_router().list_all())
        .resource_router(&IssueTracker::resource_router())
        .registered_elicitations()
        .transport(Transport::stdio("issue_tracker", ["serve"]))
        .transport(Transport::streamable_http(public_url()))
        .build()
}

/// The URL clients post to over HTTP: `ISSUE_TRACKER_PUBLIC_URL` (a load balancer's, say), or
/// the endpoint of `serve --http 127.0.0.1:8080`.
fn public_url() -> String {
    std::env::var("ISSUE_TRACKER_PUBLIC_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "http://127.0.0.1:8080/mcp".to_owned())
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: issue_tracker describe [--format yaml|json] [--out FILE]\n       \
         issue_tracker serve [--http ADDR] [--replica NAME] [--store redis://HOST:PORT/] \
         [--allowed-host HOST]... [--allowed-origin ORIGIN]... [--tokens FILE]"
    );
    ExitCode::from(2)
}

fn describe(mut args: impl Iterator<Item = OsString>) -> ExitCode {
    let mut format = "yaml".to_owned();
    let mut out: Option<PathBuf> = None;
    // The options and the format are text; the `--out` path need not be UTF-8.
    while let Some(arg) = args.next() {
        match (arg.to_str(), args.next()) {
            (Some("--format"), Some(f)) if f == "yaml" || f == "json" => {
                format = f.to_string_lossy().into_owned();
            }
            (Some("--format"), Some(f)) => {
                eprintln!("unknown format {f:?}: the formats are yaml and json");
                return usage();
            }
            (Some("--out"), Some(path)) => out = Some(PathBuf::from(path)),
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
                eprintln!("wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cannot write {}: {e}", path.display());
                ExitCode::FAILURE
            }
        },
        // Not `print!`, which panics when standard output cannot be written (a full disk).
        None => match std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("cannot write the description: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// What `serve` was told, by flag or by environment variable (a flag wins).
struct ServeOptions {
    http: Option<String>,
    replica: Option<String>,
    store: Option<String>,
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    tokens: Option<String>,
}

impl ServeOptions {
    fn read(args: impl Iterator<Item = OsString>) -> Result<Self, String> {
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let list = |value: Option<String>| -> Vec<String> {
            value
                .map(|v| {
                    v.split(',')
                        .map(|s| s.trim().to_owned())
                        .filter(|s| !s.is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut options = ServeOptions {
            http: env("ISSUE_TRACKER_HTTP"),
            replica: env("ISSUE_TRACKER_REPLICA"),
            store: env("ISSUE_TRACKER_STORE"),
            allowed_hosts: list(env("ISSUE_TRACKER_ALLOWED_HOSTS")),
            allowed_origins: list(env("ISSUE_TRACKER_ALLOWED_ORIGINS")),
            tokens: env("ISSUE_TRACKER_TOKENS"),
        };
        let (mut hosts, mut origins) = (Vec::new(), Vec::new());
        let mut args = args.map(|a| a.into_string().map_err(|a| format!("{a:?} is not UTF-8")));
        while let Some(flag) = args.next() {
            let flag = flag?;
            let value = args
                .next()
                .ok_or_else(|| format!("{flag} needs a value"))??;
            match flag.as_str() {
                "--http" => options.http = Some(value),
                "--replica" => options.replica = Some(value),
                "--store" => options.store = Some(value),
                "--allowed-host" => hosts.push(value),
                "--allowed-origin" => origins.push(value),
                "--tokens" => {
                    let text = std::fs::read_to_string(&value)
                        .map_err(|e| format!("cannot read the tokens file {value}: {e}"))?;
                    options.tokens = Some(text);
                }
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        if !hosts.is_empty() {
            options.allowed_hosts = hosts;
        }
        if !origins.is_empty() {
            options.allowed_origins = origins;
        }
        Ok(options)
    }
}

/// The server's policy: the key ring that seals requestState, shared by replicas and restarts
/// (a key made for this process alone when it is not set, said on standard error); how long a
/// question may wait (`ISSUE_TRACKER_TIMEOUT_MS`) and a state opens
/// (`ISSUE_TRACKER_STATE_TTL_MS`), ten minutes each unless set; how far apart the replicas'
/// clocks may be (`ISSUE_TRACKER_CLOCK_SKEW_MS`, thirty seconds unless set); and where spent
/// states are kept (the shared store, when there is one).
fn policy(store: Option<&RedisSpentStates>) -> Result<Policy, String> {
    let policy = Policy::from_env_or_development("ISSUE_TRACKER_STATE_KEYS").map_err(|e| {
        format!("ISSUE_TRACKER_STATE_KEYS: {e}. Write the key ring as `id:key` entries, newest first, each key 32 bytes or more in hexadecimal or base64, or leave the variable unset for a key made for this process")
    })?;
    let millis = |name: &str| match std::env::var(name).map(|ms| ms.parse::<u64>()) {
        Ok(Ok(ms)) => Ok(Some(std::time::Duration::from_millis(ms))),
        Ok(Err(e)) => Err(format!("{name}: {e}")),
        Err(_) => Ok(None),
    };
    let mut policy = policy;
    if let Some(timeout) = millis("ISSUE_TRACKER_TIMEOUT_MS")? {
        policy = policy.timeout(timeout);
    }
    // How long a sealed state opens (ten minutes unless set).
    if let Some(ttl) = millis("ISSUE_TRACKER_STATE_TTL_MS")? {
        policy = policy.state_ttl(ttl);
    }
    // How far apart the replicas' clocks may be (thirty seconds unless set).
    if let Some(skew) = millis("ISSUE_TRACKER_CLOCK_SKEW_MS")? {
        policy = policy.clock_skew(skew);
    }
    Ok(match store {
        Some(spent) => policy.spent_states(spent.clone()),
        None => policy,
    })
}

fn serve(args: impl Iterator<Item = OsString>) -> ExitCode {
    let options = match ServeOptions::read(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return usage();
        }
    };
    let runtime = match options.http {
        Some(_) => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build(),
        None => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build(),
    };
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        // The shared store: spent states and the tracker's data on one connection.
        let store = match options
            .store
            .as_deref()
            .map(RedisSpentStates::open)
            .transpose()
        {
            Ok(store) => store,
            Err(e) => {
                eprintln!("the store {}: {e}", options.store.unwrap_or_default());
                return ExitCode::FAILURE;
            }
        };
        let policy = match policy(store.as_ref()) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        // Each way the store's settings could lose a spent state, said at start-up.
        if let Some(spent) = &store {
            match spent.durability().await {
                Ok(durability) => {
                    for risk in durability.risks() {
                        eprintln!("warning: spent states could be lost: {risk}");
                    }
                }
                Err(e) => eprintln!("warning: the store's settings could not be read: {e}"),
            }
        }
        let data = match &store {
            Some(spent) => match Data::redis(spent.connection()).await {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("cannot start with the store: {e}");
                    return ExitCode::FAILURE;
                }
            },
            None => Data::memory(),
        };
        let tracker = IssueTracker::with_data(data);
        if let Some(addr) = &options.http {
            let addr = match addr.parse() {
                Ok(a) => a,
                Err(e) => {
                    eprintln!("--http {addr}: {e}; give an address such as 127.0.0.1:8080");
                    return ExitCode::FAILURE;
                }
            };
            let tokens = match options
                .tokens
                .as_deref()
                .map(http::Tokens::parse)
                .transpose()
            {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("the bearer tokens: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let or = |given: Vec<String>, default: &[&str]| match given.is_empty() {
                true => default.iter().map(|s| (*s).to_owned()).collect(),
                false => given,
            };
            let config = http::HttpConfig {
                addr,
                replica: options
                    .replica
                    .unwrap_or_else(|| "issue-tracker".to_owned()),
                allowed_hosts: or(options.allowed_hosts, &["localhost", "127.0.0.1", "::1"]),
                allowed_origins: or(
                    options.allowed_origins,
                    &["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"],
                ),
                tokens,
            };
            return http::serve(config, tracker, policy).await;
        }
        let server = AskingServer::new(tracker, policy);
        // Every line the tracker cannot read is answered, or fails the question it answers.
        let service = match server.serve(mcpdesc_runtime::session::stdio()).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("cannot start the MCP session: {e}");
                return ExitCode::FAILURE;
            }
        };
        match service.waiting().await {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("the MCP session ended with an error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    match args.next().as_deref().and_then(OsStr::to_str) {
        Some("describe") => describe(args),
        Some("serve") => serve(args),
        _ => usage(),
    }
}

#[cfg(test)]
mod tests {
    use mcpdesc_check::tester::{Server, Test};
    use mcpdesc_runtime::session::{AskingServer, Policy};
    use serde_json::json;

    use super::{IssueTracker, description};

    /// The checked-in description is what the code describes, and the whole validator finds
    /// nothing in it. `MCPDESC_BLESS=1 cargo test` writes it from the code.
    #[test]
    fn the_checked_in_description_is_current_and_valid() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/issue_tracker.mcpdesc.yaml"
        );
        mcpdesc_check::check_checked_in(&description().unwrap(), path).unwrap();
    }

    /// The description breaks no client of the last release: the release's description, checked
    /// in when it shipped, against the one the code builds now. Replace the file on release.
    #[test]
    fn the_description_keeps_its_last_release() {
        let release = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/releases/issue_tracker-1.4.0.mcpdesc.yaml"
        );
        mcpdesc_check::check_compatible(description().unwrap().as_value(), release).unwrap();
    }

    /// The tracker keeps its description, run as `mcpdesc test` runs a server, in process: on
    /// every version, its listing; every tool called with examples, boundary cases and generated
    /// inputs; every question it asks one its description declares, in the declared words, asked
    /// whenever it applies, and answered accept, decline and cancel.
    #[tokio::test]
    async fn the_tracker_keeps_its_description() {
        let description = description().unwrap();
        let server =
            Server::in_process(|| AskingServer::new(IssueTracker::new(), Policy::development()));
        let report = Test::new(description.as_value())
            .seed(1)
            .cases(10)
            .arguments("assign_issue", json!({"issue": 1}))
            .arguments("edit_issue", json!({"issue": 1}))
            .arguments("close_issue", json!({"issue": 1}))
            .arguments("delete_issue", json!({"issue": 1}))
            .run(&server)
            .await;
        assert!(report.passed(), "{report}");
    }
}
