// Product reviews: writing, moderation, requests and reads. Other modules and root files reach it here.
export { handOverReviews } from './authors.js';
export { setReply, updateModerationStatus } from './moderation.service.js';
export { reviewReads } from './read-cache.js';
export { reviewJobHandlers } from './requests.jobs.js';
export { reviewRoutes } from './routes.js';
export { createReview } from './write.service.js';
