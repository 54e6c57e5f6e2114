/** Answers a bench counts as honoured 503s (the shop's "try again in a few seconds"). */
export const busyAnswers = { honoured: 0 };

/**
 * Sends a request again after the Retry-After of a 503, as a customer told "The shop is very busy"
 * does (the checkout's gate refuses past its wait, decision 053), up to 20 times; then answers the
 * last 503. Only whole answers are retried: the request is sent afresh each time.
 */
export async function honouringBusy(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt >= 20) return res;
    busyAnswers.honoured++;
    await res.arrayBuffer();
    const seconds = Math.max(1, Number(res.headers.get('retry-after')) || 1);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}
