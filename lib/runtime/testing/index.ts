/**
 * What tests and benchmarks share to drive the runtime without a provider: a scripted model
 * that answers each request with the next step, and factories for a turn's events as the
 * runtime emits them. Pure, like the rest of the runtime; production code never imports it.
 */
export { createScriptedTestModel, userMessage, type TestStep } from './scripted-model';
export { buildTurnEvents, weatherTurn, type FixtureCall, type FixtureStep, type FixtureTurn } from './build-turn-events';
