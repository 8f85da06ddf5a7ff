// Lanes are chosen by the dispatch decider in @oncall/workflows; the engine's ports speak them too.
export { DELIVERY_LANES, type DeliveryLane } from '@oncall/workflows';
