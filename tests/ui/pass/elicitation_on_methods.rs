use mcpdesc_runtime::registry::{self, FormHandle, Primitive, UrlHandle};
use mcpdesc_runtime::{ElicitationForm, elicitation};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

struct Server;

impl Server {
    #[elicitation(name = "confirm", form = Confirm, message = "Sure?")]
    fn close_issue(&self) -> bool {
        true
    }

    #[elicitation(name = "link", url = "https://example.com/link", message = "Link.", protocol_versions = ["2025-11-25", "2026-07-28"])]
    #[elicitation(name = "confirm", form = Confirm, message = "Link it?", when = "Always.")]
    #[elicitation(name = "confirm", prompt = "other", form = Confirm, message = "Same name, other primitive.", handle = OTHER_CONFIRM)]
    async fn link_repository(&self, repo: String) -> usize {
        repo.len()
    }

    #[elicitation(name = "generic", form = Confirm, message = "Generic?")]
    fn generic<T: Default>(&self) -> T {
        T::default()
    }

    #[elicitation(name = "sign_in", mode = "url", resource_template = "file:///{x}", message = "Sign in.", protocol_versions = ["2026-07-28"])]
    const fn r#const(&self) -> u8 {
        1
    }
}

#[elicitation(name = "r", resource = "file:///r", form = Confirm, message = "R?")]
pub async fn free_async() {}

fn main() {
    let s = Server;
    assert!(s.close_issue());
    assert_eq!(s.generic::<u8>(), 0);
    assert_eq!(s.r#const(), 1);
    // Registered even though never called.
    for (p, n) in [
        (Primitive::Tool("close_issue"), "confirm"),
        (Primitive::Tool("link_repository"), "link"),
        (Primitive::Tool("link_repository"), "confirm"),
        (Primitive::Prompt("other"), "confirm"),
        (Primitive::Tool("generic"), "generic"),
        (Primitive::ResourceTemplate("file:///{x}"), "sign_in"),
        (Primitive::Resource("file:///r"), "r"),
    ] {
        assert!(registry::find(p, n).is_some(), "{p} {n}");
    }
    assert_eq!(registry::declarations().len(), 7);
    // Each declaration's handle, beside its function: `<FUNCTION>_<NAME>`, or `handle = NAME`.
    let forms: [(FormHandle<Confirm>, Primitive, &str); 5] = [
        (Server::CLOSE_ISSUE_CONFIRM, Primitive::Tool("close_issue"), "Sure?"),
        (Server::LINK_REPOSITORY_CONFIRM, Primitive::Tool("link_repository"), "Link it?"),
        (Server::OTHER_CONFIRM, Primitive::Prompt("other"), "Same name, other primitive."),
        (Server::GENERIC_GENERIC, Primitive::Tool("generic"), "Generic?"),
        (FREE_ASYNC_R, Primitive::Resource("file:///r"), "R?"),
    ];
    for (handle, primitive, message) in forms {
        assert_eq!(handle.declaration().primitive(), primitive);
        assert_eq!(handle.declaration().message(), message);
    }
    let urls: [UrlHandle; 2] = [Server::LINK_REPOSITORY_LINK, Server::CONST_SIGN_IN];
    assert_eq!(urls[0].declaration().url(), Some("https://example.com/link"));
    assert_eq!(urls[1].declaration().primitive(), Primitive::ResourceTemplate("file:///{x}"));
    let _ = s.link_repository(String::new());
    let _ = free_async();
}
