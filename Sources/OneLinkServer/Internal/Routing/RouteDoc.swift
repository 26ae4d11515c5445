import OneLinkEmulator
import OneLinkSupport

/// A route's documentation: what the OpenAPI document says of its operation.
struct RouteDoc: Sendable {
    /// Where a parameter travels.
    enum Location: String, Sendable {
        case path, query, header
    }

    /// One parameter.
    struct Parameter: Sendable {
        var name: String
        var location: Location
        var required = false
        var schema: AttributionValue = Schema.string
        var description: String?
    }

    /// One documented answer: a status with its description and body.
    struct Response: Sendable {
        var status: Int
        var description: String
        /// The body's media type and schema; `nil` for a documented answer whose body varies.
        var content: (type: String, schema: AttributionValue)?
    }

    /// The tag of the API the route belongs to; `admin` marks the emulator's own routes, which a
    /// contract fuzzer leaves out.
    var tag: String
    /// One line saying what the route does.
    var summary: String
    /// The operation's unique ID, such as `gcdConversionData`.
    var operationID: String
    /// The dev hub page the route follows, when it follows one.
    var externalDocs: String? = nil
    var parameters: [Parameter] = []
    /// The request body's media type and schema.
    var body: (type: String, schema: AttributionValue)? = nil
    var responses: [Response]
}

extension RouteDoc.Parameter {
    /// A required path parameter.
    static func path(_ name: String, _ description: String? = nil) -> Self {
        Self(name: name, location: .path, required: true, description: description)
    }

    /// A query parameter.
    static func query(
        _ name: String, required: Bool = false, _ schema: AttributionValue = Schema.string,
        _ description: String? = nil
    ) -> Self {
        Self(name: name, location: .query, required: required, schema: schema, description: description)
    }

    /// A header.
    static func header(
        _ name: String, required: Bool = false, _ schema: AttributionValue = Schema.string,
        _ description: String? = nil
    ) -> Self {
        Self(name: name, location: .header, required: required, schema: schema, description: description)
    }
}

extension RouteDoc.Response {
    /// A JSON answer with `schema`.
    static func json(_ status: Int, _ description: String, _ schema: AttributionValue = Schema.object) -> Self
    {
        Self(status: status, description: description, content: ("application/json", schema))
    }

    /// The SDK routes' and the emulator's error: `{"error_reason", "status_code"}`.
    static func errorReason(_ status: Int, _ description: String) -> Self {
        json(status, description, Schema.ref("ErrorReason"))
    }

    /// A plain-text answer (OneLink API v1, S2S events).
    static func text(_ status: Int, _ description: String) -> Self {
        Self(status: status, description: description, content: ("text/plain", Schema.string))
    }

    /// An HTML page.
    static func html(_ status: Int, _ description: String) -> Self {
        Self(status: status, description: description, content: ("text/html", Schema.string))
    }
}

/// JSON Schema fragments for the route documentation.
enum Schema {
    static let string: AttributionValue = ["type": "string"]
    static let integer: AttributionValue = ["type": "integer"]
    static let boolean: AttributionValue = ["type": "boolean"]
    static let object: AttributionValue = ["type": "object"]

    /// `{"$ref": "#/components/schemas/NAME"}`.
    static func ref(_ name: String) -> AttributionValue { ["$ref": .string("#/components/schemas/\(name)")] }

    /// An object with `properties`, of which `required` must be present.
    static func object(
        _ properties: [String: AttributionValue], required: [String] = [], description: String? = nil
    ) -> AttributionValue {
        var schema: [String: AttributionValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        if let description { schema["description"] = .string(description) }
        return .object(schema)
    }

    /// A string with an example or an enumeration.
    static func string(example: String? = nil, oneOf values: [String] = []) -> AttributionValue {
        var schema: [String: AttributionValue] = ["type": "string"]
        if let example { schema["example"] = .string(example) }
        if !values.isEmpty { schema["enum"] = .array(values.map { .string($0) }) }
        return .object(schema)
    }

    /// One of `schemas`.
    static func oneOf(_ schemas: [AttributionValue]) -> AttributionValue { ["oneOf": .array(schemas)] }

    /// A key or an API token: any non-empty text (without configured keys every one is accepted).
    static let token: AttributionValue = ["type": "string", "minLength": 1]

    /// An array of `items`.
    static func array(_ items: AttributionValue) -> AttributionValue { ["type": "array", "items": items] }
}
