import { createNudge } from '../../lib/nudge.js';

/** Delivery workers in this process listen here, so an event written on this node goes out without waiting a poll. */
const deliveryWorkers = createNudge();

export const onDeliveryNudge = deliveryWorkers.listen;
export const nudgeDeliveries = deliveryWorkers.nudge;
