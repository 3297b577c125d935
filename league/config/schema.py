"""The API's error answers, written into its schema.

drf-spectacular documents the answer a view means to give (200, 201) and none of the refusals
every API view can give: 400 for a body or query that is wrong, 401 for a missing or wrong
token, 403 for a step the caller may not take, 404 for a missing object or page. A client
must expect them (and schemathesis checks that every status the API answers is documented),
so this hook adds them to each operation that can answer them, with the body DRF gives each.
An operation that documents a status itself keeps its own."""

from __future__ import annotations

ERROR = "Error"
REFUSAL = "Refusal"
ERROR_REF = {"$ref": f"#/components/schemas/{ERROR}"}
REFUSAL_REF = {"$ref": f"#/components/schemas/{REFUSAL}"}

SCHEMAS = {
    ERROR: {
        "type": "object",
        "description": "Why the request was refused, in a sentence.",
        "properties": {"detail": {"type": "string"}},
        "required": ["detail"],
    },
    REFUSAL: {
        "type": "object",
        "description": (
            "Each field that was wrong, with its messages (`non_field_errors` for the body "
            "as a whole; a nested field by its path, such as `home.players.1.name`). A body "
            "that could not be read at all, or is larger than the site takes, is answered "
            "with `detail` alone."
        ),
        "additionalProperties": {},
    },
}

BAD_REQUEST = (REFUSAL_REF, "A field, the body or the query is wrong: each field says why.")
NOT_SIGNED_IN = (ERROR_REF, "No credentials where they are needed, or a token that is not valid.")
FORBIDDEN = (ERROR_REF, "Signed in, but not allowed to do this.")
NOT_FOUND = (ERROR_REF, "No such object, or none the caller may see.")
NO_SUCH_PAGE = (ERROR_REF, "No such page of the list.")
LOCKED_OUT = "Too many wrong passwords for this username from this address: wait an hour."

WRITES = frozenset({"post", "put", "patch", "delete"})


def document_errors(result: dict, generator, request, public) -> dict:
    """drf-spectacular's postprocessing hook: see the module's docstring."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in SCHEMAS.items():
        schemas.setdefault(name, schema)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            for status, (schema, description) in _errors(path, method, operation).items():
                content = {"application/json": {"schema": schema}}
                responses.setdefault(status, {"content": content, "description": description})
    return result


def _errors(path: str, method: str, operation: dict) -> dict[str, tuple[dict, str]]:
    parameters = operation.get("parameters", [])
    # An operation anyone may call lists {} among its security requirements; the token
    # exchange lists nothing else, and reads no credentials at all.
    authenticated = any(requirement for requirement in operation.get("security", []))
    paged = any(p["in"] == "query" and p["name"] == "page" for p in parameters)
    errors = {}
    if parameters or "requestBody" in operation:
        errors["400"] = BAD_REQUEST
    if authenticated:
        errors["401"] = NOT_SIGNED_IN
    if authenticated and method in WRITES:
        errors["403"] = FORBIDDEN
    if "{" in path:
        errors["404"] = NOT_FOUND
    elif paged:
        errors["404"] = NO_SUCH_PAGE
    return errors
