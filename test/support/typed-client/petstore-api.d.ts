export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all animals
         * @description Returns a page of animals in ascending id order, optionally filtered by status. When more may follow, the `Link` header has a `rel="next"` URL for the next page; the last page has none. Following the links returns every animal exactly once, also while others add animals.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Needs a key with the `write` scope.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        /**
         * List all animals (headers only)
         * @description As listPets, with the same status and headers and no body.
         *
         *     Returns a page of animals in ascending id order, optionally filtered by status. When more may follow, the `Link` header has a `rel="next"` URL for the next page; the last page has none. Following the links returns every animal exactly once, also while others add animals.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["listPetsHead"];
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an animal (deprecated)
         * @deprecated
         * @description Returns details for one animal. **Deprecated:** removal is announced for 5 December 2030. The replacement is `GET /pets` with the `status` filter. Its responses carry Deprecation, Sunset and Link headers (all but a 400 for a path that is not valid percent-encoding). From the Sunset instant on (5 December 2030, 00:00 UTC) it answers 410 `GONE`, after the key check.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Get an animal (deprecated) (headers only)
         * @deprecated
         * @description As getPet, with the same status and headers and no body.
         *
         *     Returns details for one animal. **Deprecated:** removal is announced for 5 December 2030. The replacement is `GET /pets` with the `status` filter. Its responses carry Deprecation, Sunset and Link headers (all but a 400 for a path that is not valid percent-encoding). From the Sunset instant on (5 December 2030, 00:00 UTC) it answers 410 `GONE`, after the key check.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["getPetHead"];
        patch?: never;
        trace?: never;
    };
    "/store/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Returns a page of orders in ascending id order, optionally filtered by status, by pet and by the key that placed them. When more may follow, the `Link` header has a `rel="next"` URL for the next page; the last page has none.
         *
         *     Keys: a store key lists every order and may filter by `placedBy`; a partner key lists only the orders it placed (another `placedBy` gives none). A cursor works only for the key it was issued to.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order for an animal
         * @description The order gets a random id (not sequential: it tells nothing of other orders), exact as a JSON number (below 2^53).
         *
         *     Keys: store and partner keys alike; the order records the key that placed it (`placedBy`, its name). A partner key places orders as `placed` and not `complete`: asking for another `status`, or for `complete: true`, is 403 `ORDER_MOVE_NOT_PERMITTED` and nothing is stored.
         *
         *     Needs a key with the `write` scope.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        /**
         * List orders (headers only)
         * @description As listOrders, with the same status and headers and no body.
         *
         *     Returns a page of orders in ascending id order, optionally filtered by status, by pet and by the key that placed them. When more may follow, the `Link` header has a `rel="next"` URL for the next page; the last page has none.
         *
         *     Keys: a store key lists every order and may filter by `placedBy`; a partner key lists only the orders it placed (another `placedBy` gives none). A cursor works only for the key it was issued to.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["listOrdersHead"];
        patch?: never;
        trace?: never;
    };
    "/store/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an order
         * @description With `If-None-Match` naming the current `ETag`, the answer is 304 without a body, whatever `Cache-Control` the request carries. With read replicas, a request whose tags name a newer version than a replica holds is answered from the primary.
         *
         *     Keys: a store key gets every order; a partner key only those it placed: another key's order is 404, exactly as a missing one, so ids reveal nothing.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        /**
         * Delete an order
         * @description Deletes the order; deleting it again is 404. With `If-Match`, only the state that tag names is deleted (else 412). A delivered order is deleted (voided, for one delivered by mistake) only by a store key with `If-Match` naming its current `ETag`; otherwise 409.
         *
         *     Keys: a store key deletes any order; a partner key only those it placed (another key's order is 404), never a delivered one.
         *
         *     Needs a key with the `write` scope.
         */
        delete: operations["deleteOrder"];
        options?: never;
        /**
         * Get an order (headers only)
         * @description As getOrder, with the same status and headers and no body.
         *
         *     With `If-None-Match` naming the current `ETag`, the answer is 304 without a body, whatever `Cache-Control` the request carries. With read replicas, a request whose tags name a newer version than a replica holds is answered from the primary.
         *
         *     Keys: a store key gets every order; a partner key only those it placed: another key's order is 404, exactly as a missing one, so ids reveal nothing.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["getOrderHead"];
        /**
         * Change an order
         * @description Applies a JSON Merge Patch (RFC 7396) of `status`, `shipDate` (null clears it), `quantity` and `complete`, under the order's rules (see UpdateOrder). Send the `ETag` of the state you saw as `If-Match` so that a change made meanwhile by someone else is never overwritten (412); without it the patch applies to the order as it is then. A patch that changes nothing answers 200 with the order and its `ETag` unchanged.
         *
         *     Keys: a store key changes any order; a partner key only those it placed (another key's order is 404), and never `status` or `complete` (403 `ORDER_MOVE_NOT_PERMITTED`).
         *
         *     Needs a key with the `write` scope.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List order events
         * @description Every change of an order, oldest first, in the order the changes committed: `order.created`, `order.changed`, `order.approved`, `order.delivered`, `order.deleted`. Ids are opaque (`evt_` and 22 characters): they tell nothing of other events, so compare two events of one order by `orderVersion`. An event appears only once every event before it has: a consumer that stores the id of the last event it handled and asks again with `after` misses nothing and sees nothing twice. When more may follow, the `Link` header has a `rel="next"` URL; the last page has none.
         *
         *     Events are kept 30 days by default (`EVENTS_RETENTION_DAYS`). Resuming from an event older than the oldest kept is 410 `EVENTS_EXPIRED`, never a silent gap.
         *
         *     Keys: a store key sees every order's events; a partner key only its own orders' (an order of another gives none).
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * List order events (headers only)
         * @description As listEvents, with the same status and headers and no body.
         *
         *     Every change of an order, oldest first, in the order the changes committed: `order.created`, `order.changed`, `order.approved`, `order.delivered`, `order.deleted`. Ids are opaque (`evt_` and 22 characters): they tell nothing of other events, so compare two events of one order by `orderVersion`. An event appears only once every event before it has: a consumer that stores the id of the last event it handled and asks again with `after` misses nothing and sees nothing twice. When more may follow, the `Link` header has a `rel="next"` URL; the last page has none.
         *
         *     Events are kept 30 days by default (`EVENTS_RETENTION_DAYS`). Resuming from an event older than the oldest kept is 410 `EVENTS_EXPIRED`, never a silent gap.
         *
         *     Keys: a store key sees every order's events; a partner key only its own orders' (an order of another gives none).
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["listEventsHead"];
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description A page of endpoints in ascending id order; never their secrets.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description The events of the types in `eventTypes` (of every family) are POSTed to the URL as they commit, signed per Standard Webhooks (`webhook-id` is the event id, `webhook-timestamp`, `webhook-signature`), retried on Svix's schedule (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) until a 2xx comes within 15 s. The answer holds the signing secret, shown this once.
         *
         *     The URL is checked now and again before every delivery: its name is resolved and every address it gives must be public (unless in `WEBHOOK_ALLOWED_NETWORKS`); the delivery connects to the address checked. Redirects are never followed.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint. A partner key's endpoint receives the events it owns (its own orders'); a store key's every event.
         *
         *     Needs a key with the `write` scope.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        /**
         * List webhook endpoints (headers only)
         * @description As listWebhookEndpoints, with the same status and headers and no body.
         *
         *     A page of endpoints in ascending id order; never their secrets.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["listWebhookEndpointsHead"];
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description The endpoint, with whether it is enabled and why not, since when it fails, its last success.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint, what was still to deliver to it and its attempts.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `write` scope.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        /**
         * Get a webhook endpoint (headers only)
         * @description As getWebhookEndpoint, with the same status and headers and no body.
         *
         *     The endpoint, with whether it is enabled and why not, since when it fails, its last success.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["getWebhookEndpointHead"];
        /**
         * Change a webhook endpoint
         * @description A JSON Merge Patch of `url` (checked as at creation), `eventTypes`, `description` and `enabled`. `enabled: false` disables it and drops what was still to deliver to it; `enabled: true` enables a disabled endpoint again: it receives the events committed from then on (read what it missed from listEvents); not one whose key is revoked, expired or removed (409). A patch that changes nothing is a 200 and writes nothing.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `write` scope.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Issues a new secret, shown this once. For 24 hours every delivery carries two signatures in `webhook-signature`, one per secret, so the receiver may switch to the new secret at any time in between. Rotating again within those hours drops the oldest secret.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `write` scope.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint's last delivery attempts
         * @description The newest attempts first (the 100 newest are kept): when, the status, how long, and the start of the receiver's answer.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A webhook endpoint's last delivery attempts (headers only)
         * @description As listWebhookAttempts, with the same status and headers and no body.
         *
         *     The newest attempts first (the 100 newest are kept): when, the status, how long, and the start of the receiver's answer.
         *
         *     Keys: a partner key sees and manages only the endpoints it created (another key's is 404); a store key every endpoint.
         *
         *     Needs a key with the `read` scope (a `write` key may call it too).
         */
        head: operations["listWebhookAttemptsHead"];
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    orderEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order event, POSTed to a webhook endpoint
         * @description Each event an endpoint wants is POSTed to its URL as `application/json`: the event as listEvents shows it. Signed per Standard Webhooks: verify with the `standardwebhooks` package and the endpoint's secret before trusting it (docs/webhooks.md). `webhook-id` is the event id on every attempt: a receiver that has handled it answers 2xx again and does nothing. Deliveries are not ordered: of two events of one order, the higher `orderVersion` is the newer.
         *
         *     A 2xx within 15 s is delivered. Anything else (another status, no answer, a redirect: never followed) is retried on Svix's schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery has failed. 410 disables the endpoint, as do 5 days of failures without a success.
         */
        post: operations["orderEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @enum {string} */
        PetStatus: "available" | "pending" | "sold";
        /** @description An animal as returned: all fields of NewPet, plus the id the service assigned. */
        Pet: {
            /**
             * Format: int64
             * @description Unique identifier, assigned by the service on creation. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 10
             */
            id: bigint;
            /**
             * @description The animal's name.
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 1
             */
            categoryId: bigint;
            /** @description Availability status; absent when none was given on creation. */
            status?: components["schemas"]["PetStatus"];
        };
        /** @description Every error response has this shape. */
        Error: {
            /**
             * @description Machine-readable error code: a stable name for the condition. Each response of each operation lists the codes it can carry; new operations may add codes, so treat an unknown code by its HTTP status.
             * @example VALIDATION_FAILED
             */
            code: string;
            /**
             * @description Human-readable description.
             * @example categoryId is required: an integer in the int64 range
             */
            message: string;
            /**
             * @description The HTTP status code of the response. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 400
             */
            status: number;
        };
        /** @description An animal to add. Unknown properties, id included, are rejected. */
        NewPet: {
            /**
             * @description The animal's name.
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to: any int64, written as a JSON integer. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 1
             */
            categoryId: bigint;
            /** @description Availability status of the animal. Left out, it stays absent: the service does not invent one. */
            status?: components["schemas"]["PetStatus"];
        };
        /** @enum {string} */
        OrderStatus: "placed" | "approved" | "delivered";
        /** @description An order as returned: the fields of NewOrder with their defaults applied, plus the id the service assigned. */
        Order: {
            /**
             * Format: int64
             * @description Unique identifier, assigned by the service on creation. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 1
             */
            id: bigint;
            /**
             * Format: int64
             * @description Identifier of the animal ordered. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 10
             */
            petId: bigint;
            /**
             * @description How many are ordered. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 1
             */
            quantity: number;
            /**
             * Format: date-time
             * @description When the order ships, in UTC to the millisecond; absent when none was given.
             * @example 2026-12-24T18:30:00.000Z
             */
            shipDate?: string;
            /** @description Status of the order. */
            status: components["schemas"]["OrderStatus"];
            /**
             * @description Whether the order is complete.
             * @example false
             */
            complete: boolean;
            /**
             * @description The name of the API key that placed the order (never the key); absent for orders placed before keys were recorded.
             * @example shop-a
             */
            readonly placedBy?: string;
        };
        /** @description An order to place. Unknown properties, id included, are rejected. */
        NewOrder: {
            /**
             * Format: int64
             * @description Identifier of the animal ordered: an existing pet. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 10
             */
            petId: bigint;
            /**
             * @description How many are ordered. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 1
             */
            quantity: number;
            /**
             * Format: date-time
             * @description When the order ships: an RFC 3339 date-time with a time zone, at most to the millisecond, years 1000 to 9999. Stored in UTC and returned in UTC (with Z). Left out, the order has none.
             * @example 2026-12-24T18:30:00Z
             */
            shipDate?: string;
            /**
             * @description Status of the order.
             * @default placed
             */
            status?: components["schemas"]["OrderStatus"];
            /**
             * @description Whether the order is complete.
             * @default false
             */
            complete?: boolean;
        };
        /** @description A JSON Merge Patch (RFC 7396) of an order: the fields sent replace the current ones, those left out stay. At least one field; unknown properties, `id` and `petId` included, are rejected. Status moves only forward (placed → approved → delivered, a step may be skipped); a delivered order is final, except that complete may still become true; quantity changes only while the order is placed; complete may become true, never false again. A field sent with the value it has already is no change. */
        UpdateOrder: {
            /** @description The new status: later in placed → approved → delivered. */
            status?: components["schemas"]["OrderStatus"];
            /**
             * Format: date-time
             * @description When the order ships, as on create (RFC 3339 with a time zone, to the millisecond); null clears it.
             * @example 2026-12-24T18:30:00Z
             */
            shipDate?: string | null;
            /**
             * @description How many are ordered; changes only while the order is placed. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 2
             */
            quantity?: number;
            /**
             * @description Whether the order is complete; once true, it stays true.
             * @example true
             */
            complete?: boolean;
        };
        /** @enum {string} */
        OrderEventType: "order.created" | "order.changed" | "order.approved" | "order.delivered" | "order.deleted";
        /** @description One change of one order. The feed lists events in the order in which their changes committed; `orderVersion` tells which of two events of an order is newer. */
        OrderEvent: {
            /**
             * @description The event id: opaque, the same wherever the event is shown. Resume the feed after it; a webhook carries it as `webhook-id`. It tells nothing of other events: compare events by their place in the feed, or by `orderVersion` within one order.
             * @example evt_9Xq3cYb0T2mK5vLr8wPz1A
             */
            id: string;
            /** @description What happened. */
            type: components["schemas"]["OrderEventType"];
            /**
             * Format: date-time
             * @description When the change was made, in UTC to the millisecond.
             * @example 2026-11-26T12:00:00.000Z
             */
            timestamp: string;
            /**
             * Format: int64
             * @description The order changed. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 4821390123
             */
            orderId: bigint;
            /**
             * @description The order's version after the change (its ETag's); a deletion is one past the last version. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 2
             */
            orderVersion: number;
            /**
             * @description The name of the key that owns the order (its `placedBy`); absent for orders placed before keys were recorded.
             * @example shop-a
             */
            owner?: string;
            /** @description The order after the change, as getOrder answers it; for `order.deleted`, its last state. */
            data: components["schemas"]["Order"];
        };
        /** @description An endpoint to receive order events. Unknown properties are rejected. */
        NewWebhookEndpoint: {
            /**
             * Format: uri
             * @description Where events are POSTed: an absolute `https` URL. Names resolving to, and addresses in, private, loopback, link-local or other non-public networks (IPv4 and IPv6, IPv4-mapped included) are refused, unless in `WEBHOOK_ALLOWED_NETWORKS`, which also allows `http` there. Backslashes, spaces and control characters are refused; the URL is stored and shown as the WHATWG URL Standard serializes it (`https://Example.com:443/a/../b` as `https://example.com/b`), the form that was checked and is connected to.
             * @example https://partner.example.com/petstore/webhooks
             */
            url: string;
            /**
             * @description The event types to receive; left out, every type.
             * @example [
             *       "order.approved",
             *       "order.delivered"
             *     ]
             */
            eventTypes?: ("order.created" | "order.changed" | "order.approved" | "order.delivered" | "order.deleted")[];
            /**
             * @description What it is, for people.
             * @example Order updates for the warehouse
             */
            description?: string;
        };
        /** @description The endpoint created, with its signing secret: shown this once, store it now. */
        CreatedWebhookEndpoint: {
            /**
             * Format: int64
             * @description Its id. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 7
             */
            id: bigint;
            /**
             * Format: uri
             * @description Where events are POSTed.
             * @example https://partner.example.com/petstore/webhooks
             */
            url: string;
            /**
             * @description The event types it receives.
             * @example [
             *       "order.created",
             *       "order.approved"
             *     ]
             */
            eventTypes: ("order.created" | "order.changed" | "order.approved" | "order.delivered" | "order.deleted")[];
            /** @description What it is, for people. */
            description?: string;
            /**
             * @description The name of the key that created it, which owns it.
             * @example shop-a
             */
            owner: string;
            /** @description Whether events are delivered to it. A 410 from it, or 5 days of failures without a success, disables it; `disabledReason` says which. */
            enabled: boolean;
            /**
             * @description Why it is disabled; absent while enabled.
             * @example the receiver answered 410 Gone at 2026-11-26T12:00:00.000Z
             */
            disabledReason?: string;
            /**
             * Format: date-time
             * @description When it was disabled; absent while enabled.
             */
            disabledAt?: string;
            /**
             * Format: date-time
             * @description The first failed attempt since its last success, while it fails: 5 days after it, the endpoint is disabled. Absent while it succeeds.
             */
            failingSince?: string;
            /**
             * Format: date-time
             * @description When an attempt last succeeded.
             */
            lastSuccessAt?: string;
            /**
             * Format: date-time
             * @description After a rotation: until when the previous secret still signs (a second signature in `webhook-signature`).
             */
            previousSecretExpiresAt?: string;
            /**
             * Format: date-time
             * @description When it was created.
             */
            createdAt: string;
            /**
             * @description The signing secret (Standard Webhooks: `whsec_` and base64). Verify each delivery with it; it is never shown again (rotate it to get a new one).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2f3JwbZ1cJQ=
             */
            secret: string;
        };
        /** @description A receiver of order events. A partner key sees only its own endpoints, which receive only its own orders' events; a store key sees every endpoint, and its endpoints receive every order's events. */
        WebhookEndpoint: {
            /**
             * Format: int64
             * @description Its id. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 7
             */
            id: bigint;
            /**
             * Format: uri
             * @description Where events are POSTed.
             * @example https://partner.example.com/petstore/webhooks
             */
            url: string;
            /**
             * @description The event types it receives.
             * @example [
             *       "order.created",
             *       "order.approved"
             *     ]
             */
            eventTypes: ("order.created" | "order.changed" | "order.approved" | "order.delivered" | "order.deleted")[];
            /** @description What it is, for people. */
            description?: string;
            /**
             * @description The name of the key that created it, which owns it.
             * @example shop-a
             */
            owner: string;
            /** @description Whether events are delivered to it. A 410 from it, or 5 days of failures without a success, disables it; `disabledReason` says which. */
            enabled: boolean;
            /**
             * @description Why it is disabled; absent while enabled.
             * @example the receiver answered 410 Gone at 2026-11-26T12:00:00.000Z
             */
            disabledReason?: string;
            /**
             * Format: date-time
             * @description When it was disabled; absent while enabled.
             */
            disabledAt?: string;
            /**
             * Format: date-time
             * @description The first failed attempt since its last success, while it fails: 5 days after it, the endpoint is disabled. Absent while it succeeds.
             */
            failingSince?: string;
            /**
             * Format: date-time
             * @description When an attempt last succeeded.
             */
            lastSuccessAt?: string;
            /**
             * Format: date-time
             * @description After a rotation: until when the previous secret still signs (a second signature in `webhook-signature`).
             */
            previousSecretExpiresAt?: string;
            /**
             * Format: date-time
             * @description When it was created.
             */
            createdAt: string;
        };
        /** @description A JSON Merge Patch (RFC 7396) of an endpoint: the fields sent replace the current ones. At least one field; unknown properties are rejected. */
        UpdateWebhookEndpoint: {
            /**
             * Format: uri
             * @description Where events are POSTed: an absolute `https` URL. Names resolving to, and addresses in, private, loopback, link-local or other non-public networks (IPv4 and IPv6, IPv4-mapped included) are refused, unless in `WEBHOOK_ALLOWED_NETWORKS`, which also allows `http` there. Backslashes, spaces and control characters are refused; the URL is stored and shown as the WHATWG URL Standard serializes it (`https://Example.com:443/a/../b` as `https://example.com/b`), the form that was checked and is connected to.
             * @example https://partner.example.com/petstore/webhooks
             */
            url?: string;
            /** @description The event types to receive from now on. */
            eventTypes?: ("order.created" | "order.changed" | "order.approved" | "order.delivered" | "order.deleted")[];
            /** @description What it is, for people; null removes it. */
            description?: string | null;
            /** @description false disables the endpoint (what was still to deliver to it is dropped); true enables it again, clearing why it was disabled: it receives the events that happen from then on. */
            enabled?: boolean;
        };
        /** @description The new signing secret, shown this once. */
        WebhookSecret: {
            /**
             * @description The new signing secret; it signs every delivery from now on.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2f3JwbZ1cJQ=
             */
            secret: string;
            /**
             * Format: date-time
             * @description Until when the previous secret also signs (24 h): each delivery carries both signatures, so receivers may switch at any time before.
             */
            previousSecretExpiresAt: string;
        };
        /** @description One attempt to deliver an event. */
        WebhookAttempt: {
            /** @description The event: its id in the feed and its `webhook-id`. */
            eventId: string;
            /** @description Which attempt of this event at this endpoint: 1 to 8. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted. */
            attempt: number;
            /**
             * Format: date-time
             * @description When it was made.
             */
            attemptedAt: string;
            /** @description The receiver's time, in milliseconds: from having a connection to the end of the answer (or of the attempt, stopped 15 s after it had its connection). Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted. */
            durationMs: number;
            /**
             * Format: int32
             * @description How long the attempt waited for a connection before that, in milliseconds: the service keeps at most 16 to one address per key, so this is the key's own endpoints' backlog, never another key's. Absent for attempts recorded before it was measured. Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             */
            connectionWaitMs?: number;
            /**
             * @description The receiver's HTTP status; absent when none came (address refused, no answer in 15 s, connection failed). Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather than converted.
             * @example 503
             */
            statusCode?: number;
            /**
             * @description delivered (a 2xx); retrying (failed, tried again on the schedule); failed (the last of 8 attempts failed); disabled (a 410 disabled the endpoint).
             * @enum {string}
             */
            outcome: "delivered" | "retrying" | "failed" | "disabled";
            /**
             * @description The start of the receiver's answer, or what went wrong when none came.
             * @example upstream unavailable
             */
            excerpt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The service's id of this request, on every answer (errors included): the request log's `reqId`; quote it to support. */
        "X-Request-Id": string;
        /** @description The key's limit (IETF RateLimit headers): requests (q) per window in seconds (w). On every answer to a valid key. */
        "RateLimit-Policy": string;
        /** @description Requests left (r) in the window and seconds until it resets (t). On every answer to a valid key. */
        RateLimit: string;
        /** @description The key's limit (IETF RateLimit headers): requests (q) per window in seconds (w). On every answer to a valid key. */
        "RateLimit-Policy-On-400": string;
        /** @description Requests left (r) in the window and seconds until it resets (t). On every answer to a valid key. */
        "RateLimit-On-400": string;
        /** @description No browser runs or frames an answer as a page. On every answer. */
        "Content-Security-Policy": string;
        /** @description Only pages of the same origin may embed an answer. On every answer. */
        "Cross-Origin-Resource-Policy": string;
        /** @description No Referer is sent from an answer. On every answer. */
        "Referrer-Policy": string;
        /** @description HTTPS only, once seen over HTTPS. On every answer. */
        "Strict-Transport-Security": string;
        /** @description JSON is never sniffed as another type. On every answer. */
        "X-Content-Type-Options": string;
        /** @description No page may frame an answer. On every answer. */
        "X-Frame-Options": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals to return. */
                limit?: number;
                /** @description Filter by availability status. */
                status?: components["schemas"]["PetStatus"];
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"][];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1 to 255 printable ASCII characters, unique per request (a UUID, say). A repeat with the same key and the same body, within 24 hours and with the same API key, creates nothing and gets the first response again, with `Idempotent-Replayed: true`; the same key with another body is 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first is still running is 409 `IDEMPOTENCY_KEY_IN_USE`. Only a success is kept: after an error the key may be used again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The animal to add, as application/json (at most 16 KiB). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description Animal added; the body carries the assigned id. */
            201: {
                headers: {
                    /** @description Path of the new animal: /v1/pets/{id}. */
                    Location: string;
                    /** @description Present, as `true`, when this is the kept response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body did not arrive within 5 seconds of its headers: `REQUEST_TIMEOUT`; the connection is closed. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_TIMEOUT",
                     *       "message": "The request body did not arrive within 5 s.",
                     *       "status": 408
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being processed: `IDEMPOTENCY_KEY_IN_USE`. Retry once it has finished. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "IDEMPOTENCY_KEY_IN_USE",
                     *       "message": "A request with this Idempotency-Key is still being processed; retry once it has finished.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "message": "The request body is larger than 16384 bytes (16 KiB).",
                     *       "status": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is not sent as `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be sent with Content-Type: application/json; got text/plain.",
                     *       "status": 415
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was already used, within 24 hours, for a different request (another operation or body): `IDEMPOTENCY_KEY_REUSED`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "IDEMPOTENCY_KEY_REUSED",
                     *       "message": "This Idempotency-Key was already used for a different request (another operation or body); use a new key for a new request.",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change was sent to the database and its answer was lost (the connection broke, or no answer came in time): `OUTCOME_UNKNOWN`. It may or may not have been made; retry the request as it was sent (a create with the same `Idempotency-Key`, a change with the same `If-Match`) to learn which without making it twice. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "OUTCOME_UNKNOWN",
                     *       "message": "The connection to the database broke after the change was sent: whether it was made is unknown. Retry the request as it was sent (a create with its Idempotency-Key, a change with its If-Match) to learn the outcome without making it twice.",
                     *       "status": 504
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPetsHead: {
        parameters: {
            query?: {
                /** @description Maximum number of animals to return. */
                limit?: number;
                /** @description Filter by availability status. */
                status?: components["schemas"]["PetStatus"];
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the animal to retrieve. */
                petId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested animal. */
            200: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset?: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No animal has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No pet with id 42.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description From Thu, 05 Dec 2030 00:00:00 GMT (the `Sunset` header) the operation is removed: `GONE`. The message and `Link` (rel="alternate") name the replacement. */
            410: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "GONE",
                     *       "message": "getPet was removed on Thu, 05 Dec 2030 00:00:00 GMT, as its Sunset header announced: use GET /v1/pets with the status filter instead (Link rel=\"alternate\").",
                     *       "status": 410
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset?: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPetHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the animal to retrieve. */
                petId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested animal. */
            200: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset?: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No animal has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description From Thu, 05 Dec 2030 00:00:00 GMT (the `Sunset` header) the operation is removed: `GONE`. The message and `Link` (rel="alternate") name the replacement. */
            410: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset?: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description When the operation was deprecated (RFC 9745). */
                    Deprecation: string;
                    /** @description When the operation stops answering (RFC 8594). */
                    Sunset: string;
                    /** @description Its deprecation notes (rel="deprecation") and its replacement (rel="alternate"). */
                    Link: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Maximum number of orders to return. */
                limit?: number;
                /** @description Only orders with this status. */
                status?: components["schemas"]["OrderStatus"];
                /** @description Only orders for this animal. */
                petId?: bigint;
                /** @description Only orders placed with the API key of this name (`placedBy`). */
                placedBy?: string;
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Not modified: `If-None-Match: *` (the collection always exists). No body. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition failed: `PRECONDITION_FAILED`. The collection has no tag, so `If-Match` with a tag never matches it, and it always exists, so `If-None-Match: *` never holds. Nothing was changed. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PRECONDITION_FAILED",
                     *       "message": "The collection /v1/store/orders exists, and If-None-Match is *. Nothing was changed.",
                     *       "status": 412
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
                /** @description Makes the request safe to retry: 1 to 255 printable ASCII characters, unique per request (a UUID, say). A repeat with the same key and the same body, within 24 hours and with the same API key, creates nothing and gets the first response again, with `Idempotent-Replayed: true`; the same key with another body is 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first is still running is 409 `IDEMPOTENCY_KEY_IN_USE`. Only a success is kept: after an error the key may be used again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The order, as application/json (at most 16 KiB). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewOrder"];
            };
        };
        responses: {
            /** @description Order placed; the body carries the assigned id. */
            201: {
                headers: {
                    /** @description Path of the new order: /v1/store/orders/{id}. */
                    Location: string;
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    /** @description Present, as `true`, when this is the kept response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A partner key asked for a `status` other than `placed`, or for `complete: true`: placing an order further along is the store's (`ORDER_MOVE_NOT_PERMITTED`). Nothing was stored. The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body did not arrive within 5 seconds of its headers: `REQUEST_TIMEOUT`; the connection is closed. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_TIMEOUT",
                     *       "message": "The request body did not arrive within 5 s.",
                     *       "status": 408
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being processed: `IDEMPOTENCY_KEY_IN_USE`. Retry once it has finished. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "IDEMPOTENCY_KEY_IN_USE",
                     *       "message": "A request with this Idempotency-Key is still being processed; retry once it has finished.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition failed: `PRECONDITION_FAILED`. The collection has no tag, so `If-Match` with a tag never matches it, and it always exists, so `If-None-Match: *` never holds. Nothing was changed. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PRECONDITION_FAILED",
                     *       "message": "The collection /v1/store/orders exists, and If-None-Match is *. Nothing was changed.",
                     *       "status": 412
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "message": "The request body is larger than 16384 bytes (16 KiB).",
                     *       "status": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is not sent as `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be sent with Content-Type: application/json; got text/plain.",
                     *       "status": 415
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The order names a pet that does not exist: `PET_NOT_FOUND`. The `Idempotency-Key` was already used, within 24 hours, for a different request (another operation or body): `IDEMPOTENCY_KEY_REUSED`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change was sent to the database and its answer was lost (the connection broke, or no answer came in time): `OUTCOME_UNKNOWN`. It may or may not have been made; retry the request as it was sent (a create with the same `Idempotency-Key`, a change with the same `If-Match`) to learn which without making it twice. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "OUTCOME_UNKNOWN",
                     *       "message": "The connection to the database broke after the change was sent: whether it was made is unknown. Retry the request as it was sent (a create with its Idempotency-Key, a change with its If-Match) to learn the outcome without making it twice.",
                     *       "status": 504
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrdersHead: {
        parameters: {
            query?: {
                /** @description Maximum number of orders to return. */
                limit?: number;
                /** @description Only orders with this status. */
                status?: components["schemas"]["OrderStatus"];
                /** @description Only orders for this animal. */
                petId?: bigint;
                /** @description Only orders placed with the API key of this name (`placedBy`). */
                placedBy?: string;
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: `If-None-Match: *` (the collection always exists). No body. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A precondition failed: `PRECONDITION_FAILED`. The collection has no tag, so `If-Match` with a tag never matches it, and it always exists, so `If-None-Match: *` never holds. Nothing was changed. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Identifier of the order. */
                orderId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Not modified: `If-None-Match` names the current `ETag`. No body. */
            304: {
                headers: {
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No order has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No order with id 42.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `If-Match` names another state than the current one: `PRECONDITION_FAILED`. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PRECONDITION_FAILED",
                     *       "message": "Order 42 has changed: its ETag is now \"42-4\", not \"42-3\". If-Match names another state.",
                     *       "status": 412
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Identifier of the order. */
                orderId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Order deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No order has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No order with id 42.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The order is delivered: `ORDER_CHANGE_NOT_ALLOWED`. Only a store key deletes (voids) a delivered order, and only with `If-Match` naming its current `ETag`. Nothing was changed. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "ORDER_CHANGE_NOT_ALLOWED",
                     *       "message": "Order 42 is delivered: a delivered order is deleted (voided) only with If-Match naming its current ETag, \"42-3\".",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition failed: `PRECONDITION_FAILED`. The order has changed since the `If-Match` tag was sent, or `If-None-Match` names its current tag. Nothing was changed; GET the order for its current state and tag. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PRECONDITION_FAILED",
                     *       "message": "Order 42 has changed: its ETag is now \"42-4\", not \"42-3\". Nothing was changed; GET it to see its current state.",
                     *       "status": 412
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The delete was sent to the database and its answer was lost: `OUTCOME_UNKNOWN`. It may or may not have been made. Retrying is safe: 404 then means it was deleted. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "OUTCOME_UNKNOWN",
                     *       "message": "The connection to the database broke after the change was sent: whether it was made is unknown. Retry the request as it was sent (a create with its Idempotency-Key, a change with its If-Match) to learn the outcome without making it twice.",
                     *       "status": 504
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderHead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Identifier of the order. */
                orderId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: `If-None-Match` names the current `ETag`. No body. */
            304: {
                headers: {
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No order has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `If-Match` names another state than the current one: `PRECONDITION_FAILED`. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Applies the request only to the state it names: the `ETag` the client last saw (such as `"42-3"`), or `*` for any existing state. When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing is changed. Compared strongly (a weak `W/` tag never matches). A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated first (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-Match"?: string;
                /** @description Applies the request only if the current state is none of those named: the `ETag` of a copy the client holds (such as `"42-3"`), or `*` for any existing state. When it names the current state: on GET and HEAD the answer is 304 without a body, whatever `Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC 9110 13.1.3, 13.1.4), as is If-Range. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Identifier of the order. */
                orderId: bigint;
            };
            cookie?: never;
        };
        /** @description The patch, as application/merge-patch+json or application/json (at most 16 KiB). */
        requestBody: {
            content: {
                "application/merge-patch+json": components["schemas"]["UpdateOrder"];
                "application/json": components["schemas"]["UpdateOrder"];
            };
        };
        responses: {
            /** @description The order as it is after the patch. */
            200: {
                headers: {
                    /** @description Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state. */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A partner key sent `status` or `complete`: moving an order along is the store's (`ORDER_MOVE_NOT_PERMITTED`); a partner key may change `shipDate` and `quantity` of its own orders. Nothing was changed. The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No order has this id: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No order with id 42.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body did not arrive within 5 seconds of its headers: `REQUEST_TIMEOUT`; the connection is closed. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_TIMEOUT",
                     *       "message": "The request body did not arrive within 5 s.",
                     *       "status": 408
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The order's rules refuse the change: `ORDER_CHANGE_NOT_ALLOWED`. Status moves only forward, a delivered order is final but for complete becoming true, quantity changes only while placed, complete never becomes false again. The message names the current status and what is allowed. Nothing was changed. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "ORDER_CHANGE_NOT_ALLOWED",
                     *       "message": "Order 42 is approved: status moves only forward (placed → approved → delivered), so from approved only to delivered; got placed.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition failed: `PRECONDITION_FAILED`. The order has changed since the `If-Match` tag was sent, or `If-None-Match` names its current tag. Nothing was changed; GET the order for its current state and tag. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PRECONDITION_FAILED",
                     *       "message": "Order 42 has changed: its ETag is now \"42-4\", not \"42-3\". Nothing was changed; GET it to see its current state.",
                     *       "status": 412
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "message": "The request body is larger than 16384 bytes (16 KiB).",
                     *       "status": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is not sent as `application/merge-patch+json` or `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be sent with Content-Type: application/merge-patch+json or application/json; got text/plain.",
                     *       "status": 415
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change was sent to the database and its answer was lost: `OUTCOME_UNKNOWN`. It may or may not have been made. Retrying with the same `If-Match` is safe: 412 then means it was made (GET shows the order), 200 that it is made now. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "OUTCOME_UNKNOWN",
                     *       "message": "The connection to the database broke after the change was sent: whether it was made is unknown. Retry the request as it was sent (a create with its Idempotency-Key, a change with its If-Match) to learn the outcome without making it twice.",
                     *       "status": 504
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Maximum number of events to return. */
                limit?: number;
                /** @description Only events after this one: the id of the last event seen (`evt_…`), to resume from it. A numeric id kept from before event ids were opaque is still taken, up to the last event that had one. Absent: from the oldest event kept. */
                after?: string;
                /** @description Only events of this type. */
                type?: components["schemas"]["OrderEventType"];
                /** @description Only events of this order. */
                orderId?: bigint;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderEvent"][];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Events after `after` were purged (older than the retention, 30 days by default): `EVENTS_EXPIRED`. Some were missed; resynchronise from listOrders, then read the feed without `after`. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EVENTS_EXPIRED",
                     *       "message": "Events after the one named in after were purged unread (events are kept EVENTS_RETENTION_DAYS days): some were missed. Resynchronise from listOrders, then read the feed without after.",
                     *       "status": 410
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEventsHead: {
        parameters: {
            query?: {
                /** @description Maximum number of events to return. */
                limit?: number;
                /** @description Only events after this one: the id of the last event seen (`evt_…`), to resume from it. A numeric id kept from before event ids were opaque is still taken, up to the last event that had one. Absent: from the oldest event kept. */
                after?: string;
                /** @description Only events of this type. */
                type?: components["schemas"]["OrderEventType"];
                /** @description Only events of this order. */
                orderId?: bigint;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Events after `after` were purged (older than the retention, 30 days by default): `EVENTS_EXPIRED`. Some were missed; resynchronise from listOrders, then read the feed without `after`. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Maximum number of endpoints to return. */
                limit?: number;
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Created; the secret is in this answer only. */
            201: {
                headers: {
                    /** @description `no-store`: the answer holds a signing secret; no cache may keep it. */
                    "Cache-Control": "no-store";
                    /** @description Path of the new endpoint: /v1/webhook-endpoints/{id}. */
                    Location: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "message": "The request body is larger than 16384 bytes (16 KiB).",
                     *       "status": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is not sent as `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be sent with Content-Type: application/json; got text/plain.",
                     *       "status": 415
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The URL resolves to, or is, an address webhooks may not go to (private, loopback, link-local, reserved, …), does not resolve, or is plain http to a public address: `WEBHOOK_URL_REFUSED`. Nothing was stored. The key has as many endpoints as one key may have (`WEBHOOK_ENDPOINTS_PER_KEY`, 16 by default): `WEBHOOK_ENDPOINT_LIMIT`. Nothing was stored. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpointsHead: {
        parameters: {
            query?: {
                /** @description Maximum number of endpoints to return. */
                limit?: number;
                /** @description Where the page starts: pass the URL of the previous response's `Link: rel="next"` header as it is. Opaque; do not build or alter it. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    /** @description The next page (RFC 8288), when more items may follow; the last page has none. */
                    Link?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No webhook endpoint with id 7.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No webhook endpoint with id 7.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpointHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/merge-patch+json": components["schemas"]["UpdateWebhookEndpoint"];
                "application/json": components["schemas"]["UpdateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint as it is after the patch. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No webhook endpoint with id 7.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `enabled: true` for an endpoint whose key is revoked, expired or no longer in `API_KEYS`: `WEBHOOK_KEY_LOST`. An endpoint acts with its key's rights; nothing was changed. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "WEBHOOK_KEY_LOST",
                     *       "message": "Webhook endpoint 7 cannot be enabled: the key \"shop-a\" that owns it is revoked, and an endpoint acts with its key's rights. Delete it, or create another endpoint with a valid key.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "message": "The request body is larger than 16384 bytes (16 KiB).",
                     *       "status": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is not sent as `application/merge-patch+json` or `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be sent with Content-Type: application/merge-patch+json or application/json; got text/plain.",
                     *       "status": 415
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The URL resolves to, or is, an address webhooks may not go to (private, loopback, link-local, reserved, …), does not resolve, or is plain http to a public address: `WEBHOOK_URL_REFUSED`. Nothing was stored. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "WEBHOOK_URL_REFUSED",
                     *       "message": "url is refused: internal.example.com resolves to 10.0.0.5 is a private address, not a public one. Webhooks go to public addresses over https (or to WEBHOOK_ALLOWED_NETWORKS).",
                     *       "status": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    /** @description `no-store`: the answer holds a signing secret; no cache may keep it. */
                    "Cache-Control": "no-store";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecret"];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from the body or changed; use a key with the `write` scope. */
            403: {
                headers: {
                    /** @description The Bearer challenge of RFC 6750 section 3.1, naming the scope needed. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INSUFFICIENT_SCOPE",
                     *       "message": "The API key \"shop-a\" has the read scope; POST needs a key with the write scope.",
                     *       "status": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No webhook endpoint with id 7.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: {
                /** @description How many of the newest attempts to return (the 100 newest are kept). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAttempt"][];
                };
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "VALIDATION_FAILED",
                     *       "message": "limit must be an integer from 1 to 100, in plain decimal digits, given once; got the string \"500\".",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "UNAUTHORIZED",
                     *       "message": "An API key is required: send it as \"Authorization: Bearer <key>\".",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "NOT_FOUND",
                     *       "message": "No webhook endpoint with id 7.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "EXPECTATION_FAILED",
                     *       "message": "The Expect header asks for \"teapot\"; this server meets only 100-continue.",
                     *       "status": 417
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "RATE_LIMITED",
                     *       "message": "Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.",
                     *       "status": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "REQUEST_HEADER_FIELDS_TOO_LARGE",
                     *       "message": "The request headers are larger than the server accepts.",
                     *       "status": 431
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "INTERNAL_ERROR",
                     *       "message": "The server failed to handle the request.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "SERVICE_UNAVAILABLE",
                     *       "message": "The database is not reachable right now; nothing was changed. Retry in 2 seconds.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookAttemptsHead: {
        parameters: {
            query?: {
                /** @description How many of the newest attempts to return (the 100 newest are kept). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Identifier of the endpoint. */
                endpointId: bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a header such as `Idempotency-Key`, is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy-On-400"];
                    RateLimit: components["headers"]["RateLimit-On-400"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key: `UNAUTHORIZED`. */
            401: {
                headers: {
                    /** @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No endpoint has this id, or it is another partner key's: `NOT_FOUND`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the key is checked). */
            417: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this API key (or, without a valid key, from this address): `RATE_LIMITED`. Retry after the `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered before anything is read; the connection is closed. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database is not reachable right now, or refused the work within its time limits: `SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cross-Origin-Resource-Policy": components["headers"]["Cross-Origin-Resource-Policy"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderEventWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt, to dedupe. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the epoch. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<id>.<timestamp>.<body>`: one per secret, two for 24 h after a rotation. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled, nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within 15 s: retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
