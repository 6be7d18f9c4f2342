/**
 * The entry of the owner's order desk at /admin (vite.admin.config.ts builds it apart from the shop: no shop
 * page ever loads this file or anything it imports).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeskApp } from './desk-app';
import '../styles.css';
import './desk.css';

const root = document.getElementById('desk-root');
if (!root) throw new Error('Missing #desk-root element');
createRoot(root).render(
  <StrictMode>
    <DeskApp />
  </StrictMode>,
);
