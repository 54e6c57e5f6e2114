import { Hono } from 'hono';
import type { Services } from '../services';

export function adminRoutes(services: Services) {
  void services;
  return new Hono();
}
