import type { EventEntity } from './event.entity.js';

/** An event as the feed and webhook deliveries show it: its family's shape, with its public id. */
export interface RenderedEvent {
  id: string;
}

/** What a feature publishes as events; the events and webhooks machinery only carry it. */
export interface EventFamily<Rendered extends RenderedEvent = RenderedEvent> {
  readonly types: readonly string[];
  render(event: EventEntity, id: string): Rendered;
  readonly feed: {
    /** Where a consumer whose position was purged resynchronises: an operation, e.g. `listOrders`. */
    readonly resynchronise: string;
  };
  readonly webhook: {
    /** Its key under the document's `webhooks`, and its operationId. */
    readonly name: string;
    readonly operationId: string;
    readonly summary: string;
    /** How a receiver orders two of its events, deliveries being unordered. */
    readonly ordering: string;
    /** The component schema of the rendered event. */
    readonly schema: string;
  };
}

const families: EventFamily[] = [];
/** Every family's types, one live array: validators read it when they run, not when declared. */
const types: string[] = [];
const onRegister: Array<() => void> = [];

/** Adds a family; call it where the feature's event types are defined, once. */
export function registerEventFamily<Rendered extends RenderedEvent>(
  family: EventFamily<Rendered>,
): void {
  if (family.types.some((type) => types.includes(type)))
    throw new Error(`An event type of ${family.webhook.name} is registered already`);
  families.push(family);
  types.push(...family.types);
  for (const apply of onRegister) apply();
}

export function eventFamilies(): readonly EventFamily[] {
  return families;
}

/** Every registered event type, the same array as families register. */
export function eventTypes(): readonly string[] {
  return types;
}

/** The event as its family shows it in the feed and in webhook deliveries. */
export function renderEvent(event: EventEntity, id: string): RenderedEvent {
  const family = families.find((candidate) => candidate.types.includes(event.type));
  if (!family) throw new Error(`No registered event family has the type ${event.type}`);
  return family.render(event, id);
}

/**
 * A property decorator of the event types, applied again when a family registers: a class may be
 * declared before its features load, and OpenAPI decorators copy what they get.
 */
export function WithEventTypes(
  decorator: (types: readonly string[]) => PropertyDecorator,
): PropertyDecorator {
  return (target, key) => {
    const apply = () => decorator([...types])(target, key);
    onRegister.push(apply);
    apply();
  };
}
