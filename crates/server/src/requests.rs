//! The requests the server answers: one function per request kind, found by method in
//! [`REQUESTS`]. A handler reads its parameters, asks the feature modules and answers; what
//! it needs of the running server (open documents, the position encoding, the findings,
//! the formatter's options, a request to the client) it asks through [`Session`].

use lsp_server::{ErrorCode, Request};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentHighlightRequest, DocumentSymbolRequest, ExecuteCommand,
    FoldingRangeRequest, Formatting, GotoDefinition, HoverRequest, PrepareRenameRequest, RangeFormatting, References,
    Rename, Request as _, SemanticTokensFullRequest, SignatureHelpRequest,
};
use lsp_types::{DocumentSymbolResponse, GotoDefinitionResponse, Uri, WorkspaceEdit};
use serde::de::DeserializeOwned;

use crate::document::Document;
use crate::position::Encoding;
use crate::{code_actions, completion, folding, hover, navigation, rename, rewrite, semantic_tokens, signature_help};

/// Why a request got an error response.
pub(crate) struct RequestError {
    /// The LSP error code.
    pub(crate) code: ErrorCode,
    /// What went wrong.
    pub(crate) message: String,
}

impl RequestError {
    /// An error with `code` saying `message`.
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> RequestError {
        RequestError {
            code,
            message: message.into(),
        }
    }
}

/// A request's answer, or why there is none.
pub(crate) type RequestResult = Result<serde_json::Value, RequestError>;

/// What a handler asks of the running server.
pub(crate) trait Session {
    /// The position encoding agreed with the client.
    fn encoding(&self) -> Encoding;
    /// An open document that is not too large to analyse.
    fn document(&mut self, uri: &Uri) -> Result<&mut Document, RequestError>;
    /// The lint findings of an open document (`None` when it is excluded or not analysed).
    fn findings(&mut self, uri: &Uri) -> Option<Vec<ptxkit_syntax::Diagnostic>>;
    /// The formatting edits of a document, or of `range` in it.
    fn format(&mut self, uri: &Uri, range: Option<lsp_types::Range>) -> RequestResult;
    /// Asks the client to apply `edit` (`workspace/applyEdit`), labelled `label`.
    fn apply_edit(&mut self, label: String, edit: WorkspaceEdit);
}

/// A request handler: the session and the request's parameters in, the answer out.
type Handler = fn(&mut dyn Session, serde_json::Value) -> RequestResult;

/// Every request the server answers (but `initialize` and `shutdown`, which the message
/// loop handles), by method.
pub(crate) const REQUESTS: &[(&str, Handler)] = &[
    (HoverRequest::METHOD, hover),
    (GotoDefinition::METHOD, definition),
    (References::METHOD, references),
    (DocumentHighlightRequest::METHOD, highlight),
    (DocumentSymbolRequest::METHOD, document_symbols),
    (Formatting::METHOD, formatting),
    (RangeFormatting::METHOD, range_formatting),
    (PrepareRenameRequest::METHOD, prepare_rename),
    (Rename::METHOD, rename),
    (Completion::METHOD, completion),
    (SignatureHelpRequest::METHOD, signature_help),
    (ExecuteCommand::METHOD, execute_command),
    (FoldingRangeRequest::METHOD, folding_ranges),
    (SemanticTokensFullRequest::METHOD, semantic_tokens),
    (CodeActionRequest::METHOD, code_actions),
];

/// Answers `request` with its handler; an unknown method is an error.
pub(crate) fn handle(session: &mut dyn Session, request: Request) -> RequestResult {
    match REQUESTS.iter().find(|(method, _)| *method == request.method) {
        Some((_, handler)) => handler(session, request.params),
        None => Err(RequestError::new(
            ErrorCode::MethodNotFound,
            format!("ptxls does not implement {}", request.method),
        )),
    }
}

/// A request's parameters, or an `InvalidParams` error.
pub(crate) fn parse_params<P: DeserializeOwned>(params: serde_json::Value) -> Result<P, RequestError> {
    serde_json::from_value(params)
        .map_err(|err| RequestError::new(ErrorCode::InvalidParams, format!("invalid params: {err}")))
}

/// An answer as JSON.
pub(crate) fn to_json(value: impl serde::Serialize) -> RequestResult {
    serde_json::to_value(value).map_err(|err| RequestError::new(ErrorCode::InternalError, err.to_string()))
}

/// The document and the byte offset a text document position names.
fn at<'s>(
    session: &'s mut dyn Session,
    at: &lsp_types::TextDocumentPositionParams,
) -> Result<(&'s mut Document, usize), RequestError> {
    let encoding = session.encoding();
    let document = session.document(&at.text_document.uri)?;
    let offset = document.offset(at.position, encoding);
    Ok((document, offset))
}

fn hover(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::HoverParams = parse_params(params)?;
    let encoding = session.encoding();
    let (document, offset) = at(session, &params.text_document_position_params)?;
    to_json(hover::hover(document, offset, encoding))
}

fn definition(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::GotoDefinitionParams = parse_params(params)?;
    let encoding = session.encoding();
    let position = params.text_document_position_params;
    let (document, offset) = at(session, &position)?;
    let uri = &position.text_document.uri;
    to_json(navigation::definition(uri, document, offset, encoding).map(GotoDefinitionResponse::Scalar))
}

fn references(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::ReferenceParams = parse_params(params)?;
    let encoding = session.encoding();
    let position = params.text_document_position;
    let (document, offset) = at(session, &position)?;
    let with_declaration = params.context.include_declaration;
    let uri = &position.text_document.uri;
    to_json(navigation::references(
        uri,
        document,
        offset,
        with_declaration,
        encoding,
    ))
}

fn highlight(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::DocumentHighlightParams = parse_params(params)?;
    let encoding = session.encoding();
    let (document, offset) = at(session, &params.text_document_position_params)?;
    to_json(navigation::highlight(document, offset, encoding))
}

fn document_symbols(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::DocumentSymbolParams = parse_params(params)?;
    let encoding = session.encoding();
    let document = session.document(&params.text_document.uri)?;
    to_json(DocumentSymbolResponse::Nested(navigation::document_symbols(
        document, encoding,
    )))
}

fn formatting(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::DocumentFormattingParams = parse_params(params)?;
    session.format(&params.text_document.uri, None)
}

fn range_formatting(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::DocumentRangeFormattingParams = parse_params(params)?;
    session.format(&params.text_document.uri, Some(params.range))
}

fn prepare_rename(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::TextDocumentPositionParams = parse_params(params)?;
    let encoding = session.encoding();
    let (document, offset) = at(session, &params)?;
    let span = rename::prepare(document, offset).map_err(|err| RequestError::new(ErrorCode::RequestFailed, err))?;
    to_json(span.map(|span| document.range(span.range(), encoding)))
}

fn rename(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::RenameParams = parse_params(params)?;
    let encoding = session.encoding();
    let position = params.text_document_position;
    let (document, offset) = at(session, &position)?;
    let edit = rename::rename(
        &position.text_document.uri,
        document,
        offset,
        &params.new_name,
        encoding,
    )
    .map_err(|err| RequestError::new(ErrorCode::RequestFailed, err))?;
    to_json(edit)
}

fn completion(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::CompletionParams = parse_params(params)?;
    let encoding = session.encoding();
    let (document, offset) = at(session, &params.text_document_position)?;
    to_json(completion::complete(document, offset, encoding))
}

fn signature_help(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::SignatureHelpParams = parse_params(params)?;
    let (document, offset) = at(session, &params.text_document_position_params)?;
    to_json(signature_help::signature_help(document.text(), offset))
}

/// `workspace/executeCommand`: ptxls has one command, the rewrite of a document
/// ([`rewrite::COMMAND`]), whose edit it asks the client to apply, and returns.
fn execute_command(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::ExecuteCommandParams = parse_params(params)?;
    if params.command != rewrite::COMMAND {
        return Err(RequestError::new(
            ErrorCode::InvalidParams,
            format!(
                "unknown command `{}` (ptxls has `{}`)",
                params.command,
                rewrite::COMMAND
            ),
        ));
    }
    let (uri, args) = match params.arguments.as_slice() {
        [uri, args] => (
            serde_json::from_value::<Uri>(uri.clone()),
            args.as_str().unwrap_or_default().to_string(),
        ),
        _ => {
            return Err(RequestError::new(
                ErrorCode::InvalidParams,
                format!("{} takes [document URI, \"--to X.Y ...\"]", rewrite::COMMAND),
            ));
        }
    };
    let uri = uri.map_err(|err| RequestError::new(ErrorCode::InvalidParams, err.to_string()))?;
    let encoding = session.encoding();
    let document = session.document(&uri)?;
    let edit = rewrite::rewrite(&uri, document, &args, encoding)
        .map_err(|err| RequestError::new(ErrorCode::RequestFailed, err))?;
    session.apply_edit(format!("ptxrewrite {args}"), edit.clone());
    to_json(edit)
}

fn folding_ranges(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::FoldingRangeParams = parse_params(params)?;
    let document = session.document(&params.text_document.uri)?;
    to_json(folding::folding_ranges(document))
}

fn semantic_tokens(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::SemanticTokensParams = parse_params(params)?;
    let encoding = session.encoding();
    let document = session.document(&params.text_document.uri)?;
    to_json(semantic_tokens::full(document, encoding))
}

fn code_actions(session: &mut dyn Session, params: serde_json::Value) -> RequestResult {
    let params: lsp_types::CodeActionParams = parse_params(params)?;
    let encoding = session.encoding();
    let uri = params.text_document.uri;
    session.document(&uri)?;
    let findings = session.findings(&uri).unwrap_or_default();
    let document = session.document(&uri)?;
    let range = document.lines().bytes(document.text(), params.range, encoding);
    to_json(code_actions::code_actions(
        &uri,
        document,
        &findings,
        range,
        params.context.only.as_deref(),
        encoding,
    ))
}
