/**
 * The terms of sale a new shop starts with: written for a small UK cookie bakery
 * selling perishable goods to consumers. The owner edits them in Settings; each edit is a new
 * version and earlier orders keep theirs.
 */
export const DEFAULT_TERMS = `## About these terms
These terms apply to every order you place on this website. The "Legal" page says who we are and how to reach us. Please read these terms before you pay: when you press "Proceed to Payment" and pay, you agree to them, and we e-mail you a permanent link to the version you agreed to.

## Your order and our contract
Your order is an offer to buy. The contract is made when we take your payment and e-mail your order confirmation. Prices are in pounds sterling and include any VAT that applies. The total you see before paying includes delivery.

## Fresh, perishable cookies and your right to cancel
Our cookies are baked fresh for your order and will not keep. Under the Consumer Contracts Regulations 2013 (regulation 28(1)(b) and (c)), the 14-day right to cancel does not apply to goods that are made to your order or that are liable to deteriorate rapidly. You can still ask us to cancel an order that has not yet been baked: we will refund it in full if we can.

## Made-to-order and personalised jobs
Personalised cookies, wedding and event orders and other made-to-order jobs are baked to your specification. Once we have agreed the details and started work they cannot be cancelled, except as these terms or the law allow.

## Gift cards
A gift card you buy may be cancelled within 14 days of purchase if it has not been used, for a full refund. A gift card can be spent on anything in the shop, is not exchangeable for cash and is valid until the expiry date shown on it.

## Delivery and collection
We deliver to the addresses and on the days shown at checkout, with the delivery charge shown there. Posted orders go by tracked post and usually arrive within the time shown at checkout. If you choose collection, we will e-mail you when your order is ready and where to collect it. Please make sure someone can receive fresh food at the delivery address.

## Damaged, late or missing orders
If your cookies arrive damaged, late, or not as described, tell us within 48 hours of delivery, with a photo if you can. We will replace them or refund you. This does not affect your legal rights under the Consumer Rights Act 2015: goods must be of satisfactory quality, fit for purpose and as described.

## Allergens
Every product page lists its ingredients and allergens. Our kitchen handles gluten, milk, eggs, nuts, soya and sesame, so we cannot promise any product is free from traces of them.

## Complaints
If you are unhappy with anything, please contact us by e-mail or phone (see the Legal page). We aim to reply within two working days and to settle any complaint within 14 days.

## Law
These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts.`;
