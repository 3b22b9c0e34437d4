// The few parts of `superagent` the fresh tool-service cases use (superagent ships no types and
// @types/superagent is not a devDependency here).
declare module 'superagent' {
  /** A request, thenable: it rejects with the error superagent builds. */
  export interface SuperAgentRequest extends Promise<unknown> {
    /** How many times to retry a failed request (0: none). */
    retry(count: number): SuperAgentRequest;
    /** A client-side timeout for the whole response, in ms. */
    timeout(ms: number): SuperAgentRequest;
  }
  const superagent: { get(url: string): SuperAgentRequest };
  export default superagent;
}
