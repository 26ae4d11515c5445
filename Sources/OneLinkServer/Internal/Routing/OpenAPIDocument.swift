import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The OpenAPI 3 document of the server's routes, generated from their entries: the one place the
/// routes are described (`GET /openapi.json`, `Docs/openapi.json`).
///
/// Entries on one method and path (told apart by a discriminator) are one operation: the entry
/// without a discriminator gives its summary, each other one adds a sentence, and their parameters,
/// bodies and answers are merged.
struct OpenAPIDocument: Sendable {
    /// The routes, in matching order.
    let entries: [RouteEntry]

    /// The document as a JSON value.
    var value: AttributionValue {
        var paths: [String: AttributionValue] = [:]
        var groups: [(path: String, method: HTTPMethod, entries: [RouteEntry])] = []
        for entry in entries {
            if let index = groups.firstIndex(where: { $0.path == entry.path && $0.method == entry.method }) {
                groups[index].entries.append(entry)
            } else {
                groups.append((entry.path, entry.method, [entry]))
            }
        }
        for group in groups {
            var item = paths[group.path]?.objectValue ?? [:]
            item[group.method.rawValue.lowercased()] = .object(Self.operation(group.entries))
            paths[group.path] = .object(item)
        }
        let tags = entries.reduce(into: [String]()) { if !$0.contains($1.doc.tag) { $0.append($1.doc.tag) } }
        return [
            "openapi": "3.0.3",
            "info": [
                "title": "onelink-replay serve", "version": "1.0",
                "description": .string(
                    "The routes of the local AppsFlyer back end (`onelink-replay serve`, `OneLinkServer`): the SDK's "
                        + "own calls in the emulator's wire format (Docs/http.md) and AppsFlyer's public APIs for "
                        + "backends and QA, as the dev hub documents them. Generated from the server's route entries "
                        + "(Docs/server.md explains each route). Routes tagged `admin` are the emulator's own."
                ),
            ],
            "servers": [
                [
                    "url": "http://127.0.0.1:{port}",
                    "variables": [
                        "port": ["default": "0", "description": "The port on the \"listening on\" line."]
                    ],
                ]
            ],
            "tags": .array(tags.map { ["name": .string($0)] }),
            "paths": .object(paths),
            "components": ["schemas": .object(Self.schemas)],
        ]
    }

    /// The document as pretty-printed JSON with sorted keys, ending in a newline.
    func jsonBytes() -> [UInt8] {
        let object = AttributionPayload(value.objectValue ?? [:]).foundationStringKeyed
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return Array(data) + [10]
    }

    /// One operation from the entries sharing its method and path.
    private static func operation(_ entries: [RouteEntry]) -> [String: AttributionValue] {
        let primary = entries.first { $0.discriminator == nil } ?? entries[0]
        var operation: [String: AttributionValue] = [
            "summary": .string(primary.doc.summary), "operationId": .string(primary.doc.operationID),
            "tags": [.string(primary.doc.tag)],
        ]
        if let link = primary.doc.externalDocs { operation["externalDocs"] = ["url": .string(link)] }
        var notes: [String] = []
        for entry in entries where entry.discriminator != nil {
            notes.append("When \(entry.discriminator?.description ?? ""): \(entry.doc.summary).")
        }
        let faults = entries.compactMap(\.fault).map(\.rawValue)
        notes.append(
            faults.isEmpty
                ? "Takes no faults."
                : "Fault-plan route: " + Array(Set(faults)).sorted().map { "`\($0)`" }.joined(separator: ", ")
                    + ".")
        operation["description"] = .string(notes.joined(separator: " "))
        var parameters: [AttributionValue] = []
        var seen: Set<String> = []
        for entry in entries {
            for parameter in entry.doc.parameters
            where seen.insert("\(parameter.location)/\(parameter.name)").inserted {
                // A parameter some entries of a shared path need is optional for the operation.
                let required = parameter.location == .path || (parameter.required && entries.count == 1)
                var object: [String: AttributionValue] = [
                    "name": .string(parameter.name), "in": .string(parameter.location.rawValue),
                    "required": .bool(required), "schema": parameter.schema,
                ]
                if let description = parameter.description { object["description"] = .string(description) }
                parameters.append(.object(object))
            }
        }
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        let bodies = entries.compactMap(\.doc.body)
        if let first = bodies.first {
            var schemas: [AttributionValue] = []
            for body in bodies where !schemas.contains(body.schema) { schemas.append(body.schema) }
            operation["requestBody"] = [
                "content": .object([
                    first.type: ["schema": schemas.count == 1 ? schemas[0] : Schema.oneOf(schemas)]
                ])
            ]
        }
        var responses: [String: AttributionValue] = [:]
        var contents: [Int: [String: [AttributionValue]]] = [:]
        var descriptions: [Int: [String]] = [:]
        for entry in entries {
            for response in entry.doc.responses {
                if !(descriptions[response.status] ?? []).contains(response.description) {
                    descriptions[response.status, default: []].append(response.description)
                }
                guard let content = response.content else { continue }
                var byType = contents[response.status] ?? [:]
                if !(byType[content.type] ?? []).contains(content.schema) {
                    byType[content.type, default: []].append(content.schema)
                }
                contents[response.status] = byType
            }
        }
        for (status, texts) in descriptions {
            var response: [String: AttributionValue] = ["description": .string(texts.joined(separator: "; "))]
            if let byType = contents[status] {
                response["content"] = .object(
                    byType.mapValues { schemas in
                        ["schema": schemas.count == 1 ? schemas[0] : Schema.oneOf(schemas)]
                    })
            }
            responses[String(status)] = .object(response)
        }
        operation["responses"] = .object(responses)
        return operation
    }

    /// The shapes several routes share.
    static let schemas: [String: AttributionValue] = [
        "ErrorReason": Schema.object(
            ["error_reason": Schema.string, "status_code": Schema.integer],
            required: ["error_reason", "status_code"],
            description: "The SDK routes', the GCD API's and the emulator's error"),
        "Message": Schema.object(["message": Schema.string], required: ["message"]),
        "V2Error": Schema.object(
            ["error_type": Schema.string, "message": Schema.string], required: ["error_type", "message"],
            description: "A OneLink API v2.0 error"),
        "TestConsoleError": Schema.object(["error": Schema.string], required: ["error"]),
        "TestDevice": Schema.object([
            "app_id": Schema.string, "device_id": Schema.string, "device_id_type": Schema.string,
            "device_name": Schema.string,
        ]),
        "LinkBody": Schema.object(
            [
                "ttl": Schema.string(example: "14d"), "brand_domain": Schema.string,
                "shortlink_id": Schema.string,
                "data": Schema.oneOf([Schema.object, Schema.string]),
            ], required: ["data"],
            description:
                "A link's TTL, brand domain and parameters (data; renew_ttl false stops clicks renewing it)"),
        "DeepLinkAPIDeviceID": Schema.object(
            ["type": Schema.string(oneOf: ["unhashed", "sha1", "md5"]), "value": Schema.string],
            required: ["type", "value"]),
    ]
}
