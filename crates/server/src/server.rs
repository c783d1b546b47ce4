//! The message loop: the LSP lifecycle, open documents, and dispatch of
//! requests and notifications to the feature modules.
//!
//! One thread handles every message in order, so a request always sees the
//! text of every change sent before it. Diagnostics are published when no
//! message is waiting: a burst of keystrokes is linted once, at its end.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics,
    ShowMessage,
};
use lsp_types::request::{ApplyWorkspaceEdit, Request as _};
use lsp_types::{
    InitializeParams, InitializeResult, MessageType, OneOf, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri, WorkspaceEdit,
};

use crate::config::{self, LintSetup};
use crate::document::Document;
use crate::position::Encoding;
use crate::requests::{self, RequestError, RequestResult, Session, parse_params, to_json};
use crate::{code_actions, diagnostics, formatting, rewrite, semantic_tokens, uri};

/// Documents larger than this are kept in sync but not analysed (the limit
/// `ptxlint` and `ptxfmt` put on files).
pub const MAX_DOCUMENT_BYTES: usize = ptxkit_syntax::source::MAX_SOURCE_BYTES as usize;

/// How the message loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The client sent `exit`; `after_shutdown` says whether `shutdown` came
    /// first (LSP: exit code 0 if it did, 1 if not).
    Exit {
        /// Whether `shutdown` was answered before `exit`.
        after_shutdown: bool,
    },
    /// The client closed its end of the connection without `exit`.
    Disconnected,
    /// The server could not write to the client (its output was closed).
    WriteFailed,
}

/// The state of a running server.
struct Server<'c> {
    connection: &'c Connection,
    initialized: bool,
    shutting_down: bool,
    encoding: Encoding,
    root: Option<PathBuf>,
    documents: HashMap<Uri, Document>,
    /// Documents changed since their diagnostics were last published.
    stale: BTreeSet<Uri>,
    /// Configuration errors already shown, not to repeat them on every keystroke.
    shown: HashSet<String>,
    /// The number of the last request the server sent the client.
    next_request: u64,
}

/// Runs the server on `connection` until the client exits or disconnects.
pub fn run(connection: &Connection) -> Ending {
    let mut server = Server {
        connection,
        initialized: false,
        shutting_down: false,
        encoding: Encoding::Utf16,
        root: None,
        documents: HashMap::new(),
        stale: BTreeSet::new(),
        shown: HashSet::new(),
        next_request: 0,
    };
    server.serve()
}

impl Server<'_> {
    fn serve(&mut self) -> Ending {
        while let Ok(message) = self.connection.receiver.recv() {
            let sent = match message {
                Message::Request(request) => self.on_request(request),
                Message::Notification(notification) => {
                    if notification.method == lsp_types::notification::Exit::METHOD {
                        return Ending::Exit {
                            after_shutdown: self.shutting_down,
                        };
                    }
                    self.on_notification(notification)
                }
                // The server sends no requests, so expects no responses.
                Message::Response(_) => true,
            };
            if !sent {
                return Ending::WriteFailed;
            }
            if self.connection.receiver.is_empty() && !self.publish_stale() {
                return Ending::WriteFailed;
            }
        }
        Ending::Disconnected
    }

    /// Sends a message; false when the client's end is closed.
    fn send(&self, message: impl Into<Message>) -> bool {
        self.connection.sender.send(message.into()).is_ok()
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) -> bool {
        self.send(Notification::new(N::METHOD.to_string(), params))
    }

    fn on_request(&mut self, request: Request) -> bool {
        let id = request.id.clone();
        let result = if request.method == lsp_types::request::Initialize::METHOD {
            self.initialize(request)
        } else if !self.initialized {
            Err(RequestError::new(
                ErrorCode::ServerNotInitialized,
                "the server is not initialized yet",
            ))
        } else if self.shutting_down {
            Err(RequestError::new(
                ErrorCode::InvalidRequest,
                "the server is shutting down",
            ))
        } else if request.method == lsp_types::request::Shutdown::METHOD {
            self.shutting_down = true;
            Ok(serde_json::Value::Null)
        } else {
            let method = request.method.clone();
            catch_unwind(AssertUnwindSafe(|| requests::handle(self, request))).unwrap_or_else(|_| {
                // A bug in an analysis: drop what may be half-built and answer.
                for document in self.documents.values_mut() {
                    document.forget_analysis();
                }
                Err(RequestError::new(
                    ErrorCode::InternalError,
                    format!("ptxls failed on {method} (a bug; please report it)"),
                ))
            })
        };
        let response = match result {
            Ok(value) => Response::new_ok(id, value),
            Err(err) => Response::new_err(id, err.code as i32, err.message),
        };
        self.send(response)
    }

    fn initialize(&mut self, request: Request) -> RequestResult {
        if self.initialized {
            return Err(RequestError::new(
                ErrorCode::InvalidRequest,
                "initialize was already received",
            ));
        }
        let params: InitializeParams = parse_params(request.params)?;
        self.encoding = Encoding::negotiate(
            params
                .capabilities
                .general
                .as_ref()
                .and_then(|general| general.position_encodings.as_deref()),
        );
        #[allow(deprecated)] // `rootUri` is what older clients send.
        let root = params
            .workspace_folders
            .as_ref()
            .and_then(|folders| folders.first())
            .map(|folder| &folder.uri)
            .or(params.root_uri.as_ref());
        self.root = root.and_then(uri::to_path);
        self.initialized = true;
        let result = InitializeResult {
            capabilities: capabilities(self.encoding),
            server_info: Some(ServerInfo {
                name: "ptxls".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
        };
        serde_json::to_value(result).map_err(|err| RequestError::new(ErrorCode::InternalError, err.to_string()))
    }
}

impl Session for Server<'_> {
    fn encoding(&self) -> Encoding {
        self.encoding
    }

    fn document(&mut self, uri: &Uri) -> Result<&mut Document, RequestError> {
        Server::document(self, uri)
    }

    fn findings(&mut self, uri: &Uri) -> Option<Vec<ptxkit_syntax::Diagnostic>> {
        Server::findings(self, uri)
    }

    fn format(&mut self, uri: &Uri, range: Option<lsp_types::Range>) -> RequestResult {
        Server::format(self, uri, range)
    }

    fn apply_edit(&mut self, label: String, edit: WorkspaceEdit) {
        self.next_request += 1;
        let apply = Request::new(
            lsp_server::RequestId::from(format!("ptxls-apply-{}", self.next_request)),
            ApplyWorkspaceEdit::METHOD.to_string(),
            lsp_types::ApplyWorkspaceEditParams {
                label: Some(label),
                edit,
            },
        );
        self.send(apply);
    }
}

impl Server<'_> {
    fn format(&mut self, uri: &Uri, range: Option<lsp_types::Range>) -> RequestResult {
        let encoding = self.encoding;
        let root = self.root.clone();
        let document = self.document(uri)?;
        let options = config::format_options(document.path.as_deref(), root.as_deref())
            .map_err(|err| RequestError::new(ErrorCode::RequestFailed, err))?;
        let bytes = range.map(|range| document.lines().bytes(document.text(), range, encoding));
        let edits = formatting::format(document, bytes, &options, encoding)
            .map_err(|err| RequestError::new(ErrorCode::RequestFailed, err))?;
        to_json(edits)
    }

    /// An open document that is not too large to analyse.
    fn document(&mut self, uri: &Uri) -> Result<&mut Document, RequestError> {
        let document = self.documents.get_mut(uri).ok_or_else(|| {
            RequestError::new(
                ErrorCode::InvalidParams,
                format!("{} is not open (send textDocument/didOpen first)", uri.as_str()),
            )
        })?;
        if document.text().len() > MAX_DOCUMENT_BYTES {
            return Err(RequestError::new(
                ErrorCode::RequestFailed,
                format!(
                    "{} is too large to analyse ({} bytes; the limit is {MAX_DOCUMENT_BYTES})",
                    uri.as_str(),
                    document.text().len()
                ),
            ));
        }
        Ok(document)
    }

    fn on_notification(&mut self, notification: Notification) -> bool {
        if !self.initialized {
            return true;
        }
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(params) =
                    notification.extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    let item = params.text_document;
                    let path = uri::to_path(&item.uri);
                    self.documents
                        .insert(item.uri.clone(), Document::new(path, item.version, item.text));
                    self.stale.insert(item.uri);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(params) =
                    notification.extract::<lsp_types::DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                {
                    let uri = params.text_document.uri;
                    if let Some(document) = self.documents.get_mut(&uri) {
                        document.apply_changes(params.text_document.version, params.content_changes, self.encoding);
                        self.stale.insert(uri);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(params) =
                    notification.extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    let uri = params.text_document.uri;
                    self.documents.remove(&uri);
                    self.stale.remove(&uri);
                    return self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(uri, Vec::new(), None));
                }
            }
            // `initialized`, `didSave`, `$/cancelRequest` (requests are answered in order,
            // each at once), `$/setTrace` and the rest need nothing.
            _ => {}
        }
        true
    }

    /// Lints and publishes every document changed since its last publication.
    fn publish_stale(&mut self) -> bool {
        while let Some(uri) = self.stale.pop_first() {
            let Some(diagnostics) = self.diagnostics(&uri) else {
                continue;
            };
            let version = self.documents.get(&uri).map(|d| d.version);
            if !self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(uri, diagnostics, version)) {
                return false;
            }
        }
        true
    }

    /// The diagnostics of an open document: ptxlint's findings with the
    /// configuration that applies to it. A configuration error is shown once
    /// and the defaults are used.
    fn diagnostics(&mut self, uri: &Uri) -> Option<Vec<lsp_types::Diagnostic>> {
        let encoding = self.encoding;
        let found = self.findings(uri)?;
        let document = self.documents.get(uri)?;
        Some(
            found
                .iter()
                .map(|finding| diagnostics::to_lsp(uri, document, finding, encoding))
                .collect(),
        )
    }

    /// ptxlint's findings on an open document (see [`Self::diagnostics`]).
    fn findings(&mut self, uri: &Uri) -> Option<Vec<ptxkit_syntax::Diagnostic>> {
        let document = self.documents.get_mut(uri)?;
        if document.text().len() > MAX_DOCUMENT_BYTES {
            let message = format!(
                "ptxls: {} is too large to lint ({} bytes; the limit is {MAX_DOCUMENT_BYTES})",
                uri.as_str(),
                document.text().len()
            );
            self.show_once(message);
            return Some(Vec::new());
        }
        let setup = match config::lint_setup(document.path.as_deref(), self.root.as_deref()) {
            Ok(setup) => setup,
            Err(err) => {
                self.show_once(format!("ptxls: {err} (linting with the default settings)"));
                LintSetup::Lint(ptxkit_lint::Settings::default())
            }
        };
        let document = self.documents.get_mut(uri)?;
        let settings = match setup {
            LintSetup::Lint(settings) => settings,
            LintSetup::Excluded => return Some(Vec::new()),
        };
        let found = catch_unwind(AssertUnwindSafe(|| document.lint(&settings)));
        match found {
            Ok(found) => Some(found),
            Err(_) => {
                document.forget_analysis();
                self.show_once(format!(
                    "ptxls: linting {} failed (a bug; please report it)",
                    uri.as_str()
                ));
                Some(Vec::new())
            }
        }
    }

    fn show_once(&mut self, message: String) {
        if self.shown.insert(message.clone()) {
            self.notify::<ShowMessage>(ShowMessageParams {
                typ: MessageType::ERROR,
                message,
            });
        }
    }
}

/// What the server can do.
fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(lsp_types::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        execute_command_provider: Some(lsp_types::ExecuteCommandOptions {
            commands: vec![rewrite::COMMAND.to_string()],
            work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
        }),
        signature_help_provider: Some(lsp_types::SignatureHelpOptions {
            trigger_characters: Some(vec![" ".to_string(), ",".to_string()]),
            retrigger_characters: None,
            work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
        }),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(lsp_types::SemanticTokensServerCapabilities::SemanticTokensOptions(
            lsp_types::SemanticTokensOptions {
                legend: semantic_tokens::legend(),
                full: Some(lsp_types::SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
            },
        )),
        completion_provider: Some(lsp_types::CompletionOptions {
            trigger_characters: Some(vec![".".to_string(), "%".to_string()]),
            ..lsp_types::CompletionOptions::default()
        }),
        code_action_provider: Some(lsp_types::CodeActionProviderCapability::Options(
            lsp_types::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp_types::CodeActionKind::QUICKFIX,
                    lsp_types::CodeActionKind::from(code_actions::FIX_ALL),
                ]),
                ..lsp_types::CodeActionOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}
