//! Generated code compiles without the prelude and next to user types named like std's.

#[no_implicit_prelude]
mod without_prelude {
    #[derive(::mcpdesc_runtime::ElicitationForm)]
    pub struct Form {
        #[form(min_length = 1, default = "x")]
        pub name: ::std::string::String,
        // A suffix is checked against the field's type through `::core::primitive`.
        #[form(maximum = 9u8, default = 2u8)]
        pub maybe: ::std::option::Option<u8>,
        #[form(default = Choice::B)]
        pub choice: Choice,
        pub many: ::std::vec::Vec<Choice>,
    }

    #[derive(::mcpdesc_runtime::ElicitationEnum)]
    pub enum Choice {
        A,
        B,
    }

    /// A form with run-time choices: its `...Choices` and `...Defaults` types are generated too.
    #[derive(::mcpdesc_runtime::ElicitationForm)]
    pub struct Runtime {
        #[form(runtime_choices)]
        pub who: ::std::string::String,
        #[form(runtime_choices, min_items = 1)]
        pub tags: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
        pub count: u8,
    }

    /// serde's defaults, on the struct and on fields (a run-time choice among them).
    #[derive(::mcpdesc_runtime::ElicitationForm, ::serde::Deserialize)]
    #[serde(default)]
    pub struct Defaults {
        pub limit: u8,
        #[serde(default)]
        pub offset: u32,
        #[serde(default = "start")]
        #[form(runtime_choices)]
        pub sort: ::std::string::String,
        #[serde(skip)]
        pub cache: ::std::vec::Vec<u8>,
    }

    pub fn start() -> ::std::string::String {
        ::std::string::ToString::to_string("created")
    }

    impl ::std::default::Default for Defaults {
        fn default() -> Self {
            Defaults {
                limit: 20,
                offset: 3,
                sort: ::std::string::String::new(),
                cache: ::std::vec![1],
            }
        }
    }
}

mod shadowed {
    #![allow(dead_code)]
    use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

    pub struct Result;
    pub struct Option;
    pub struct Ok;
    pub struct Some;
    pub struct None;
    pub struct String;
    pub struct Vec;
    pub struct Err;
    // The primitive types a suffix names, and the ones its check converts to.
    #[allow(non_camel_case_types)]
    pub struct i128;
    #[allow(non_camel_case_types)]
    pub struct f64;
    #[allow(non_camel_case_types)]
    pub struct u16;

    #[derive(ElicitationForm)]
    pub struct Form {
        pub name: std::string::String,
        #[form(minimum = 1u8)]
        pub maybe: std::option::Option<u8>,
        #[form(maximum = 1.5f64)]
        pub ratio: std::primitive::f64,
        #[form(maximum = 7u16)]
        pub small: std::primitive::u16,
        pub many: std::vec::Vec<Choice>,
    }

    #[derive(ElicitationEnum)]
    pub enum Choice {
        A,
    }

    #[derive(ElicitationForm)]
    pub struct Runtime {
        #[form(runtime_choices)]
        pub who: std::string::String,
        #[form(runtime_choices)]
        pub tags: std::collections::BTreeSet<std::string::String>,
    }

    #[derive(ElicitationForm, serde::Deserialize)]
    #[serde(default = "defaults")]
    pub struct Defaults {
        pub limit: u8,
        #[serde(default)]
        pub maybe: std::option::Option<bool>,
        #[serde(skip)]
        pub cache: std::vec::Vec<u8>,
    }

    pub fn defaults() -> Defaults {
        Defaults {
            limit: 20,
            maybe: std::option::Option::Some(true),
            cache: std::vec![1],
        }
    }
}

/// The runtime reached through a re-export (`crate = "..."`), without the prelude and next to
/// types named like std's: the path written there, and nothing else, names the runtime.
#[no_implicit_prelude]
mod through_a_reexport {
    #![allow(dead_code)]

    pub mod framework {
        pub use ::mcpdesc_runtime as runtime;
    }

    pub struct Result;
    pub struct Option;
    pub struct Some;
    pub struct String;
    pub struct Vec;

    #[derive(::mcpdesc_runtime::ElicitationForm)]
    #[form(crate = "self::framework::runtime")]
    pub struct Form {
        #[form(min_length = 1, default = "x")]
        pub name: ::std::string::String,
        #[form(runtime_choices)]
        pub who: ::std::string::String,
        #[form(default = Choice::B)]
        pub choice: Choice,
        pub many: ::std::vec::Vec<Choice>,
    }

    #[derive(::mcpdesc_runtime::ElicitationEnum)]
    #[form(crate = "self::framework::runtime")]
    pub enum Choice {
        A,
        B,
    }

    pub struct Server;

    impl Server {
        #[::mcpdesc_runtime::elicitation(
            crate = "self::framework::runtime",
            name = "ask",
            form = Form,
            message = "Who?",
            protocol_versions = ["2025-11-25"],
        )]
        pub fn hygienic_reexported_tool(&self) {}
    }
}

#[test]
fn a_reexported_runtime_works() {
    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    use mcpdesc_runtime::registry::{self, Primitive};
    through_a_reexport::Server.hygienic_reexported_tool();
    let declaration = registry::find(Primitive::Tool("hygienic_reexported_tool"), "ask").unwrap();
    assert_eq!(
        declaration.request_params()["requestedSchema"]["properties"]["choice"]["default"],
        "B"
    );
    let filled = through_a_reexport::FormChoices {
        who: ChoiceList::untitled(["a", "b"]),
        defaults: Default::default(),
    }
    .prepare(None)
    .unwrap();
    let content = serde_json::json!({"name": "n", "who": "b", "choice": "A", "many": ["B"]});
    let form = filled.read(content.as_object().unwrap()).unwrap();
    assert_eq!((form.name.as_str(), form.who.as_str()), ("n", "b"));
}

#[test]
fn both_forms_work() {
    use mcpdesc_runtime::ElicitationForm;
    let content = serde_json::json!({
        "name": "n", "choice": "A", "many": ["B"], "maybe": 3, "ratio": 1.5, "small": 7,
    });
    let form = without_prelude::Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.maybe, Some(3));
    let Err(err) = shadowed::Form::from_content(content.as_object().unwrap()) else {
        panic!("\"B\" is not a choice of shadowed::Choice");
    };
    assert_eq!(err.problems()[0].property(), "many");
}

#[test]
fn run_time_forms_work() {
    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    let filled = without_prelude::RuntimeChoices {
        who: ChoiceList::untitled(["a", "b"]),
        tags: ChoiceList::untitled(["x"]),
        defaults: without_prelude::RuntimeDefaults {
            count: Some(2),
            ..Default::default()
        },
    }
    .prepare(None)
    .unwrap();
    let content = serde_json::json!({"who": "b", "tags": ["x"], "count": 1});
    let form = filled.read(content.as_object().unwrap()).unwrap();
    assert_eq!(
        (form.who.as_str(), form.tags, form.count),
        ("b", Some(vec!["x".to_owned()]), 1)
    );

    let filled = shadowed::RuntimeChoices {
        who: ChoiceList::untitled(["a"]),
        tags: ChoiceList::untitled(["x", "y"]),
        defaults: shadowed::RuntimeDefaults::default(),
    }
    .prepare(None)
    .unwrap();
    let content = serde_json::json!({"who": "z", "tags": ["y"]});
    let Err(err) = filled.read(content.as_object().unwrap()) else {
        panic!("\"z\" is not one of the run-time choices");
    };
    assert_eq!(err.problems()[0].property(), "who");
}

#[test]
fn serde_defaults_work() {
    use mcpdesc_runtime::ElicitationForm;
    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    let filled = without_prelude::DefaultsChoices {
        sort: ChoiceList::untitled(["created", "updated"]),
        defaults: Default::default(),
    }
    .prepare(None)
    .unwrap();
    let form = filled.read(&serde_json::Map::new()).unwrap();
    assert_eq!(
        (form.limit, form.offset, form.sort.as_str(), form.cache),
        (20, 0, "created", vec![1])
    );
    let form = shadowed::Defaults::from_content(&serde_json::Map::new()).unwrap();
    assert_eq!((form.limit, form.maybe, form.cache), (20, None, vec![1]));
}

/// A resource router without the prelude, next to types named like std's.
#[no_implicit_prelude]
mod resources {
    #![allow(dead_code)]
    pub struct Result;
    pub struct Option;
    pub struct Box;
    pub struct Ok;
    pub struct Err;

    #[derive(::serde::Deserialize)]
    pub struct Vars {
        pub day: ::std::string::String,
    }

    pub struct Notes;

    #[::mcpdesc_runtime::resource_router]
    impl Notes {
        /// A note.
        #[::mcpdesc_runtime::resource_template(uri = "notes://{day}")]
        async fn note(
            &self,
            uri: ::mcpdesc_runtime::resources::TemplateUri<Vars>,
        ) -> ::std::result::Result<::rmcp::model::ReadResourceResult, ::rmcp::ErrorData> {
            ::std::result::Result::Ok(::rmcp::model::ReadResourceResult::new(::std::vec![
                ::rmcp::model::ResourceContents::text(uri.vars.day, uri.uri),
            ]))
        }
    }

    #[test]
    fn the_router_is_built() {
        ::std::assert_eq!(Notes::resource_router().list_all().len(), 1);
    }
}
