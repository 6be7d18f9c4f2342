// GET /api/health lives with the other operability code (it checks the database).
export { healthRoutes } from './health';
