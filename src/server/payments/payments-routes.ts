import { Hono } from 'hono';
import type { Services } from '../services';

export function paymentsRoutes(services: Services) {
  void services;
  return new Hono();
}
