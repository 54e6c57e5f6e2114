import { Hono } from 'hono';
import type { Services } from '../services';

export function checkoutRoutes(services: Services) {
  void services;
  return new Hono();
}
