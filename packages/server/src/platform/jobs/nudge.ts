import { createNudge } from '../../lib/nudge.js';

/** Workers in this process listen here, so a job queued on this node starts without waiting for the next poll. */
const workers = createNudge();

export const onNudge = workers.listen;
export const nudgeWorkers = workers.nudge;
