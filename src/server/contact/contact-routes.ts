import { Hono } from 'hono';
import type { Services } from '../services';

export function contactRoutes(services: Services) {
  void services;
  return new Hono();
}
