//! Forms, choice enums and declarations in a crate where `::mcpdesc_runtime` does not resolve:
//! its dependency on the runtime is renamed `mcpdesc`, and one module reaches it only through a
//! re-export, as a framework that wraps the runtime would hand it to its users. Each item says
//! where the runtime is with `crate = "..."`; without it nothing here compiles.

/// The runtime as a framework would re-export it.
pub mod framework {
    pub use mcpdesc as runtime;
}

use mcpdesc::{ElicitationEnum, ElicitationForm, elicitation};

/// A choice enum through the renamed dependency.
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(crate = "::mcpdesc", rename_all = "lowercase")]
pub enum Label {
    /// A defect.
    Bug,
    /// Documentation.
    Docs,
}

/// A titled single-select through the re-export.
#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(crate = "crate::framework::runtime")]
pub enum Priority {
    /// Later.
    #[form(title = "Low")]
    Low,
    /// Now.
    #[form(title = "High")]
    High,
}

/// A form with every kind of field and checks that need the field types, through the re-export.
#[derive(ElicitationForm, Debug)]
#[form(crate = "crate::framework::runtime")]
pub struct Triage {
    /// Who looks at it.
    #[form(title = "Assignee", min_length = 1, max_length = 39)]
    pub assignee: String,
    /// How long it takes.
    #[form(minimum = 1, maximum = 13, default = 3)]
    pub estimate: u8,
    /// How urgent.
    #[form(default = Priority::High)]
    pub priority: Priority,
    /// What it is.
    #[form(min_items = 1, default = [Label::Bug])]
    pub labels: Vec<Label>,
    /// Whom to tell.
    #[form(format = "email")]
    pub cc: Option<String>,
}

/// A form with a field whose choices come at run time (and so `TeamChoices`, `TeamDefaults`),
/// through the renamed dependency.
#[derive(ElicitationForm, Debug)]
#[form(crate = "mcpdesc")]
pub struct Team {
    /// One of the teammates offered.
    #[form(title = "Teammate", runtime_choices)]
    pub login: String,
}

/// A server whose tool declares its elicitations.
pub struct Server;

impl Server {
    /// Triages an issue.
    #[elicitation(
        crate = "::mcpdesc",
        name = "triage",
        form = Triage,
        message = "Triage this issue?",
        protocol_versions = ["2025-11-25"],
    )]
    #[elicitation(
        crate = "crate::framework::runtime",
        name = "sign_in",
        mode = "url",
        message = "Sign in first.",
        protocol_versions = ["2025-11-25"],
    )]
    pub fn triage_issue(&self) -> bool {
        true
    }

    /// Reads a note: the URI, URL and template checks find the runtime through the path too.
    #[elicitation(
        crate = "crate::framework::runtime",
        name = "confirm_read",
        form = Triage,
        message = "Read this note?",
        resource_template = "file:///notes/{name}.md",
        protocol_versions = ["2025-11-25"],
    )]
    #[elicitation(
        crate = "::mcpdesc",
        name = "open_viewer",
        url = "https://example.com/viewer",
        message = "Open the viewer.",
        resource = "file:///notes/today.md",
        protocol_versions = ["2025-11-25"],
    )]
    pub fn read_note(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use mcpdesc::choices::{ChoiceList, FormChoices};
    use mcpdesc::registry::{self, Primitive};
    use mcpdesc::{ElicitationForm, ProtocolVersion};
    use serde_json::json;

    use super::{Label, Priority, Server, Team, TeamChoices, TeamDefaults, Triage};

    #[test]
    fn the_schema_is_the_one_derived_through_the_usual_path() {
        assert_eq!(
            Triage::requested_schema().wire_json(),
            r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee","description":"Who looks at it.","minLength":1,"maxLength":39},"estimate":{"type":"integer","description":"How long it takes.","minimum":1,"maximum":13,"default":3},"priority":{"type":"string","description":"How urgent.","oneOf":[{"const":"Low","title":"Low"},{"const":"High","title":"High"}],"default":"High"},"labels":{"type":"array","description":"What it is.","minItems":1,"items":{"type":"string","enum":["bug","docs"]},"default":["bug"]},"cc":{"type":"string","description":"Whom to tell.","format":"email"}},"required":["assignee","estimate","priority","labels"]}"#
        );
        assert!(!Triage::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));
    }

    #[test]
    fn the_schemars_impl_is_the_restricted_schema() {
        let mut generator = schemars::SchemaGenerator::default();
        let schema = <Triage as schemars::JsonSchema>::json_schema(&mut generator);
        assert_eq!(schema.as_value(), &Triage::requested_schema().to_value());
    }

    #[test]
    fn answers_are_read_and_checked() {
        let answer =
            json!({"assignee": "octocat", "estimate": 5, "priority": "Low", "labels": ["docs"]});
        let triage = Triage::from_content(answer.as_object().unwrap()).unwrap();
        assert_eq!(triage.assignee, "octocat");
        assert_eq!(triage.priority, Priority::Low);
        assert_eq!(triage.labels, [Label::Docs]);
        assert_eq!(triage.cc, None);

        let bad = json!({"assignee": "", "estimate": 14, "labels": [], "cc": "nobody"});
        let err = Triage::from_content(bad.as_object().unwrap()).unwrap_err();
        let properties: Vec<&str> = err.problems().iter().map(|p| p.property()).collect();
        assert_eq!(
            properties,
            ["assignee", "estimate", "priority", "labels", "cc"]
        );
    }

    #[test]
    fn run_time_choices_are_filled_and_read() {
        let filled = TeamChoices {
            login: ChoiceList::titled([("hubot", "Hubot"), ("octocat", "The Octocat")]),
            defaults: TeamDefaults::default(),
        }
        .prepare(Some(ProtocolVersion::V2025_11_25))
        .unwrap();
        let answer = json!({"login": "octocat"});
        let team: Team = filled.read(answer.as_object().unwrap()).unwrap();
        assert_eq!(team.login, "octocat");
        let answer = json!({"login": "mallory"});
        assert!(filled.read(answer.as_object().unwrap()).is_err());
    }

    #[test]
    fn declarations_are_registered() {
        assert!(Server.triage_issue());
        let tool = Primitive::Tool("triage_issue");
        let triage = registry::find(tool, "triage").unwrap();
        assert_eq!(
            triage.request_params()["requestedSchema"]["properties"]["estimate"]["default"],
            3
        );
        let sign_in = registry::find(tool, "sign_in").unwrap();
        assert_eq!(sign_in.request_params()["mode"], "url");

        assert!(Server.read_note());
        let template = Primitive::ResourceTemplate("file:///notes/{name}.md");
        assert!(registry::find(template, "confirm_read").is_some());
        let resource = Primitive::Resource("file:///notes/today.md");
        let viewer = registry::find(resource, "open_viewer").unwrap();
        assert_eq!(viewer.request_params()["url"], "https://example.com/viewer");
    }
}
